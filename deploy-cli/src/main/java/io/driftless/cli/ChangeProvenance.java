package io.driftless.cli;

import java.util.Map;
import java.util.TreeMap;

/**
 * Who and what asks for a change, as the CLI sends it (docs/API.md, "Provenance on every change"):
 * the message and the meta map. Each value goes as a header ({@code Driftless-Message}, {@code
 * Driftless-Meta-<key>}) when it is printable ASCII; a value a header cannot carry as typed (a line
 * break, an accented letter, leading or trailing blanks) goes as the query parameter the API takes
 * for it ({@code message=}, {@code meta=<key>=<value>}), percent-encoded UTF-8.
 */
record ChangeProvenance(String message, Map<String, String> meta) {

  static final ChangeProvenance NONE = new ChangeProvenance(null, Map.of());
  static final String MESSAGE_HEADER = "Driftless-Message";
  static final String META_HEADER_PREFIX = "Driftless-Meta-";

  ChangeProvenance {
    meta = Map.copyOf(meta);
  }

  /** The header-safe values as request headers, meta keys in order. */
  Map<String, String> headers() {
    var headers = new TreeMap<String, String>();
    if (message != null && headerSafe(message)) {
      headers.put(MESSAGE_HEADER, message);
    }
    new TreeMap<>(meta)
        .forEach(
            (key, value) -> {
              if (headerSafe(value)) {
                headers.put(META_HEADER_PREFIX + key, value);
              }
            });
    return headers;
  }

  /** The values a header cannot carry, as query parameters; empty when none. */
  Query query() {
    var query = new Query();
    if (message != null && !headerSafe(message)) {
      query.add("message", message);
    }
    new TreeMap<>(meta)
        .forEach(
            (key, value) -> {
              if (!headerSafe(value)) {
                query.add("meta", key + "=" + value);
              }
            });
    return query;
  }

  static boolean headerSafe(String value) {
    if (value.isEmpty() || value.strip().length() != value.length()) {
      return false;
    }
    return value.chars().allMatch(c -> c >= 0x20 && c <= 0x7e);
  }
}
