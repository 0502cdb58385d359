package io.driftless.command.deploy;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Durations written as kapp's flags take them (Go's {@code time.ParseDuration}): one or more
 * decimal numbers, each with a unit, e.g. {@code 5m}, {@code 30s}, {@code 1h30m}, {@code 500ms},
 * {@code 1.5h}. Units: {@code h}, {@code m}, {@code s}, {@code ms}, {@code us} (or {@code µs}),
 * {@code ns}. Fractions of a nanosecond are dropped, as Go drops them; more than Go's limit (about
 * 292 years) does not parse.
 */
final class GoDuration {

  private static final Pattern WHOLE =
      Pattern.compile("\\+?(?:(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:ns|us|µs|μs|ms|s|m|h))+");
  private static final Pattern PART =
      Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|μs|ms|s|m|h)");
  private static final Map<String, Long> NANOS_PER_UNIT =
      Map.of(
          "ns", 1L,
          "us", 1_000L,
          "µs", 1_000L,
          "μs", 1_000L,
          "ms", 1_000_000L,
          "s", 1_000_000_000L,
          "m", 60_000_000_000L,
          "h", 3_600_000_000_000L);
  private static final BigDecimal MAX_NANOS = BigDecimal.valueOf(Long.MAX_VALUE);

  private GoDuration() {}

  /** The duration, or empty when the text is no Go duration (negative ones included). */
  static Optional<Duration> parse(String text) {
    if (!WHOLE.matcher(text).matches()) {
      return Optional.empty();
    }
    var nanos = BigDecimal.ZERO;
    var parts = PART.matcher(text);
    while (parts.find()) {
      var unit = BigDecimal.valueOf(NANOS_PER_UNIT.get(parts.group(2)));
      nanos = nanos.add(new BigDecimal(parts.group(1)).multiply(unit));
    }
    if (nanos.compareTo(MAX_NANOS) > 0) {
      return Optional.empty();
    }
    return Optional.of(Duration.ofNanos(nanos.longValue()));
  }
}
