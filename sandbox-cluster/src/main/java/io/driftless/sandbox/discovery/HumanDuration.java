package io.driftless.sandbox.discovery;

import java.time.Duration;

/**
 * An age as {@code kubectl} shows it: apimachinery's {@code duration.HumanDuration} ({@code 45s},
 * {@code 3m20s}, {@code 2h5m}, {@code 4d3h}, {@code 2y10d}).
 */
final class HumanDuration {

  private HumanDuration() {}

  static String of(Duration duration) {
    long seconds = duration.getSeconds();
    if (seconds < -1) {
      return "<invalid>";
    }
    if (seconds < 0) {
      return "0s";
    }
    if (seconds < 60 * 2) {
      return seconds + "s";
    }
    long minutes = seconds / 60;
    if (minutes < 10) {
      return withRest(minutes, "m", seconds % 60, "s");
    }
    if (minutes < 60 * 3) {
      return minutes + "m";
    }
    long hours = minutes / 60;
    if (hours < 8) {
      return withRest(hours, "h", minutes % 60, "m");
    }
    if (hours < 48) {
      return hours + "h";
    }
    if (hours < 24 * 8) {
      return withRest(hours / 24, "d", hours % 24, "h");
    }
    if (hours < 24 * 365 * 2) {
      return hours / 24 + "d";
    }
    if (hours < 24 * 365 * 8) {
      return withRest(hours / 24 / 365, "y", (hours / 24) % 365, "d");
    }
    return hours / 24 / 365 + "y";
  }

  private static String withRest(long value, String unit, long rest, String restUnit) {
    return rest == 0 ? value + unit : value + unit + rest + restUnit;
  }
}
