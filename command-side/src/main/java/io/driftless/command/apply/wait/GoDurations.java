package io.driftless.command.apply.wait;

import java.time.Duration;

/**
 * Go's {@code time.Duration.String()} for kapp's messages: {@code 2s}, {@code 15m0s}, {@code
 * 500ms}.
 */
public final class GoDurations {

  private GoDurations() {}

  /** The duration as Go prints it (whole milliseconds; finer parts are dropped). */
  public static String format(Duration duration) {
    var millis = duration.toMillis();
    if (millis < 1000) {
      return millis + "ms";
    }
    var hours = millis / 3_600_000;
    var minutes = millis / 60_000 % 60;
    var seconds = millis % 60_000 / 1000.0;
    var secondsText =
        seconds == Math.floor(seconds)
            ? Long.toString((long) seconds)
            : Double.toString(seconds).replaceAll("0+$", "");
    var text = secondsText + "s";
    if (hours > 0 || minutes > 0) {
      text = minutes + "m" + text;
    }
    return hours > 0 ? hours + "h" + text : text;
  }
}
