package io.driftless.query.projection;

import java.sql.Timestamp;
import java.time.Instant;

/**
 * The one place instants become column values. The views' {@code TIMESTAMP(3)} columns get the
 * instant cut to the millisecond ({@link #millis}) before binding: given more digits, H2 rounds (an
 * event at {@code .123600} is stored as {@code .124}) while MariaDB truncates and the sequential
 * fold of the event store ({@link Instant#toEpochMilli}) truncates, so the embedded views differed
 * from the store by 1 ms for about half the rows (issue 25). {@code TIMESTAMP(6)} columns get the
 * instant cut to the microsecond ({@link #micros}) for the same reason, as {@code Instant.now()}
 * has nanoseconds on Linux. Both are arithmetic on the instant's two fields plus the {@code
 * Timestamp} binding needs anyway: no more allocation than {@code Timestamp.from} alone.
 */
public final class ViewTimes {

  private static final int NANOS_PER_MILLI = 1_000_000;
  private static final int NANOS_PER_MICRO = 1_000;

  private ViewTimes() {}

  /** The value of a {@code TIMESTAMP(3)} column: {@code at} truncated to the millisecond. */
  public static Timestamp millis(Instant at) {
    return at == null ? null : cut(at, NANOS_PER_MILLI);
  }

  /** The value of a {@code TIMESTAMP(6)} column: {@code at} truncated to the microsecond. */
  public static Timestamp micros(Instant at) {
    return at == null ? null : cut(at, NANOS_PER_MICRO);
  }

  private static Timestamp cut(Instant at, int unit) {
    var timestamp = new Timestamp(at.getEpochSecond() * 1_000);
    timestamp.setNanos(at.getNano() - at.getNano() % unit);
    return timestamp;
  }
}
