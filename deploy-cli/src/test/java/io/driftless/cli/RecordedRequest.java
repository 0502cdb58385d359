package io.driftless.cli;

import java.util.Locale;
import java.util.Map;

/**
 * One request as {@link FakeDriftlessServer} received it; {@code query} (decoded) is null when
 * absent ({@code rawQuery}: as sent, percent-encoded); {@code headers} holds the first value of
 * each header, names lower case.
 */
record RecordedRequest(
    String method,
    String path,
    String query,
    String contentType,
    String body,
    String idempotencyKey,
    String authorization,
    Map<String, String> headers,
    String rawQuery) {

  RecordedRequest(String method, String path, String query, String contentType, String body) {
    this(method, path, query, contentType, body, null, null, Map.of(), query);
  }

  /** Without the headers, to compare with the short form. */
  RecordedRequest bare() {
    return new RecordedRequest(method, path, query, contentType, body);
  }

  /** A header's first value, null when absent. */
  String header(String name) {
    return headers.get(name.toLowerCase(Locale.ROOT));
  }
}
