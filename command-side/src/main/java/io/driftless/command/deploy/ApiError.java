package io.driftless.command.deploy;

import java.util.List;

/** The error shape of API.md: {@code {"error", "message", "details"}}. */
record ApiError(String error, String message, List<String> details) {}
