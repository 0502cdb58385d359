package io.driftless.cli;

/** One request as {@link FakeDriftlessServer} received it; {@code query} is null when absent. */
record RecordedRequest(
    String method,
    String path,
    String query,
    String contentType,
    String body,
    String idempotencyKey,
    String authorization) {

  RecordedRequest(String method, String path, String query, String contentType, String body) {
    this(method, path, query, contentType, body, null, null);
  }

  /** Without the headers, to compare with the short form. */
  RecordedRequest bare() {
    return new RecordedRequest(method, path, query, contentType, body);
  }
}
