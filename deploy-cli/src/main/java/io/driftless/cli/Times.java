package io.driftless.cli;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** Reads a time a user typed: an ISO-8601 instant ({@code 2026-11-24T14:00:00Z}) or with offset. */
final class Times {

  private Times() {}

  /** The instant in UTC ({@code ...Z}), null for null; a clear failure for anything else. */
  static String instant(String text, String option) {
    if (text == null) {
      return null;
    }
    try {
      return Instant.parse(text.strip()).toString();
    } catch (DateTimeParseException e) {
      try {
        return OffsetDateTime.parse(text.strip()).toInstant().toString();
      } catch (DateTimeParseException again) {
        throw new CliFailure(
            option
                + " '"
                + text
                + "' is not an ISO-8601 time; e.g. 2026-11-24T14:00:00Z or"
                + " 2026-11-24T15:00:00+01:00");
      }
    }
  }
}
