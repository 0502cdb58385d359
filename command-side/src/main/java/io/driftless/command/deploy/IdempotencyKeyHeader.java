package io.driftless.command.deploy;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.List;

/**
 * The {@code Idempotency-Key} header of a deploy, reconcile or delete (README, "Safe retries"): 1
 * to 255 printable ASCII characters (space to {@code ~}), given once; else 400 {@code
 * bad_parameter} before anything is read or stored. The value is never echoed.
 */
final class IdempotencyKeyHeader {

  static final String NAME = "Idempotency-Key";

  /** Marks an answer replayed from a key's first request. */
  static final String REPLAYED = "Idempotent-Replayed";

  static final int MAX_LENGTH = 255;

  private IdempotencyKeyHeader() {}

  /** The key, or null when the request has none. */
  static String read(HttpServletRequest http) {
    List<String> values = Collections.list(http.getHeaders(NAME));
    if (values.isEmpty()) {
      return null;
    }
    if (values.size() > 1) {
      throw refused(NAME + ": given " + values.size() + " times; send one key");
    }
    var key = values.get(0);
    if (key.isEmpty() || key.length() > MAX_LENGTH) {
      throw refused(NAME + ": must be 1 to 255 characters, got " + key.length());
    }
    if (!key.chars().allMatch(c -> c >= 0x20 && c <= 0x7e)) {
      throw refused(NAME + ": must be printable ASCII (space to ~)");
    }
    return key;
  }

  private static BadParameterException refused(String detail) {
    return new BadParameterException(
        "The Idempotency-Key header must be one value of 1 to 255 printable ASCII characters.",
        List.of(detail));
  }
}
