package io.driftless.query.delivery;

import java.time.Duration;
import java.time.Instant;

/**
 * What waits for the views right now, and the current lag it makes.
 *
 * @param ready messages ready in the work queue (-1 if the broker could not be asked)
 * @param inHand messages the consumers hold, not yet acknowledged
 * @param oldest since when the oldest of them waits, null if none: the stored time of a message in
 *     a consumer's hands, or when the work queue was first seen non-empty without a break since
 * @param retrying messages in the retry queues (-1 if unknown)
 * @param parked messages in the parking queue (-1 if unknown)
 */
public record Backlog(long ready, long inHand, Instant oldest, long retrying, long parked) {

  /** Nothing waits (in-process delivery: the views change in the relay's own transaction). */
  public static final Backlog NONE = new Backlog(0, 0, null, 0, 0);

  /** Messages waiting to be applied: ready in the work queue plus held by consumers. */
  public long waiting() {
    return Math.max(ready, 0) + inHand;
  }

  /**
   * The current lag of a view whose newest applied event was stored at {@code lastEventAt}: zero
   * when nothing waits; else from the later of that time and the oldest waiting event's (its stored
   * time when it is in a consumer's hands, else when the queue was first seen non-empty) up to now.
   * Taking the later one keeps a view that was idle for hours from showing hours of lag the moment
   * a new event arrives, and still makes the lag grow while events wait and nothing is applied.
   */
  public Duration lag(Instant lastEventAt, Instant now) {
    if (waiting() == 0 || oldest == null) {
      return Duration.ZERO;
    }
    var from = lastEventAt == null || oldest.isAfter(lastEventAt) ? oldest : lastEventAt;
    var lag = Duration.between(from, now);
    return lag.isNegative() ? Duration.ZERO : lag;
  }
}
