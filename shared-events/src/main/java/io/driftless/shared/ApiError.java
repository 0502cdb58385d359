package io.driftless.shared;

import java.util.List;

/**
 * The API's error shape (API.md): {@code {"error": "<code>", "message": "<one clear sentence>",
 * "details": [ ... ]}}, in that order, every field written (a null as {@code null}). The one type
 * both sides answer with, web-security writes its refusals and error page with, and the CLI reads
 * an error answer into. A plain record without annotations, so that Jackson 2 (the CLI, the event
 * codec) and Jackson 3 (the servers' HTTP answers) write it the same way.
 *
 * @param error the code, e.g. {@code not_found}, {@code bad_parameter}
 * @param message one sentence for a person
 * @param details one line per detail (offending parameter, object, ...), empty when none
 */
public record ApiError(String error, String message, List<String> details) {}
