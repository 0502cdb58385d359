package io.driftless.cli;

/** One request as {@link FakeDriftlessServer} received it; {@code query} is null when absent. */
record RecordedRequest(String method, String path, String query, String contentType, String body) {}
