package io.driftless.cli;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/** What the server answered: status code, headers (lower-case names) and body as received. */
record ApiResponse(int status, Map<String, List<String>> headers, String body) {

  static final String VIEW_POSITION = "driftless-view-position";
  static final String EVENT_POSITION = "driftless-event-position";

  /** The {@code before} of a list's next page, on a full page (the fleet inventory's). */
  static final String NEXT_BEFORE = "driftless-next-before";

  ApiResponse(int status, String body) {
    this(status, Map.of(), body);
  }

  boolean successful() {
    return status >= 200 && status < 300;
  }

  /** A header's first value (name lower case), null when absent or blank. */
  String header(String name) {
    var values = headers.getOrDefault(name, List.of());
    return values.isEmpty() || values.get(0).isBlank() ? null : values.get(0).strip();
  }

  /** A header holding a number, empty when absent or not a number. */
  OptionalLong longHeader(String name) {
    var values = headers.getOrDefault(name, List.of());
    if (values.isEmpty()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(values.get(0).strip()));
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  /** The answer's body, or its API error as a failure the user reads. */
  String bodyOrThrow() {
    if (!successful()) {
      throw ApiErrors.failure(this);
    }
    return body;
  }
}
