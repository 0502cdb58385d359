package io.driftless.cli;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/** kapp's Age column: {@code 45s}, {@code 3m}, {@code 2h}, {@code 5d}, counted from a timestamp. */
final class Ages {

  private Ages() {}

  static String since(String at, Instant now) {
    if (at == null || at.isBlank() || "null".equals(at)) {
      return "";
    }
    try {
      return format(Duration.between(Instant.parse(at), now));
    } catch (DateTimeParseException e) {
      return at;
    }
  }

  static String format(Duration age) {
    var seconds = Math.max(0, age.toSeconds());
    if (seconds < 60) {
      return seconds + "s";
    }
    if (seconds < 3600) {
      return seconds / 60 + "m";
    }
    if (seconds < 86400) {
      return seconds / 3600 + "h";
    }
    return seconds / 86400 + "d";
  }
}
