package io.driftless.query.api;

import java.util.List;

/** The error shape of API.md. */
public record ApiError(String error, String message, List<String> details) {}
