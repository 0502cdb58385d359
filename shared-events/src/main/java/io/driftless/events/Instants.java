package io.driftless.events;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;

/**
 * Reads the instants of event JSON quickly. Every event carries two or three ISO-8601 UTC instants
 * ({@code 2026-11-21T10:15:30.123Z}), and {@link Instant#parse} (a general {@code
 * DateTimeFormatter}) was a tenth of the query side's consumer thread. {@link #parse} reads exactly
 * that shape by hand, and anything else (offsets, leap seconds, 5-digit years) through {@link
 * Instant#parse}, so it accepts and returns the same as {@link Instant#parse}.
 */
public final class Instants {

  private static final int[] SCALE = {
    1, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 100, 10, 1
  };

  private Instants() {}

  /**
   * Parses an ISO-8601 instant as {@link Instant#parse} does.
   *
   * @throws DateTimeParseException if it is not one
   */
  public static Instant parse(CharSequence text) {
    var fast = ofIsoUtc(text);
    return fast != null ? fast : Instant.parse(text);
  }

  /** The instant if {@code text} is exactly {@code yyyy-MM-ddTHH:mm:ss[.f]Z} and valid, or null. */
  static Instant ofIsoUtc(CharSequence text) {
    var n = text.length();
    // yyyy-MM-ddTHH:mm:ssZ is 20 characters; a fraction adds '.' and 1-9 digits.
    if (n < 20
        || n == 21
        || n > 30
        || text.charAt(4) != '-'
        || text.charAt(7) != '-'
        || text.charAt(10) != 'T'
        || text.charAt(13) != ':'
        || text.charAt(16) != ':'
        || text.charAt(n - 1) != 'Z'
        || (n > 20 && text.charAt(19) != '.')) {
      return null;
    }
    var year = digits(text, 0, 4);
    var month = digits(text, 5, 7);
    var day = digits(text, 8, 10);
    var hour = digits(text, 11, 13);
    var minute = digits(text, 14, 16);
    var second = digits(text, 17, 19);
    var nanos = n > 20 ? digits(text, 20, n - 1) * SCALE[n - 21] : 0;
    if (year < 0
        || month < 1
        || month > 12
        || day < 1
        || day > 31
        || hour < 0
        || hour > 23
        || minute < 0
        || minute > 59
        || second < 0
        || second > 59
        || nanos < 0) {
      return null; // not this shape, or invalid: the general parser decides
    }
    if (day > 28 && day > LocalDate.of(year, month, 1).lengthOfMonth()) {
      return null;
    }
    var days = LocalDate.of(year, month, day).toEpochDay();
    return Instant.ofEpochSecond(days * 86_400 + hour * 3_600L + minute * 60L + second, nanos);
  }

  /** The decimal number in {@code text[from, to)}, or -1 if a character is not a digit. */
  private static int digits(CharSequence text, int from, int to) {
    var value = 0;
    for (int i = from; i < to; i++) {
      var c = text.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  /** A Jackson deserializer of {@link Instant} that reads strings with {@link #parse}. */
  static final class Deserializer extends StdScalarDeserializer<Instant> {

    private static final long serialVersionUID = 1L;

    Deserializer() {
      super(Instant.class);
    }

    @Override
    public Instant deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      if (parser.hasToken(JsonToken.VALUE_STRING)) {
        var fast = ofIsoUtc(parser.getText());
        if (fast != null) {
          return fast;
        }
      }
      // Other strings, numbers, arrays and the rest: as JavaTimeModule reads them.
      return InstantDeserializer.INSTANT.deserialize(parser, context);
    }
  }
}
