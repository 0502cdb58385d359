package io.driftless.query.subscription;

import java.time.Instant;

/**
 * A subscription's deliveries by status.
 *
 * @param pending not tried yet (or being sent)
 * @param failed tried and waiting for the next try
 * @param dead given up
 * @param delivered answered with a 2xx
 * @param oldestPendingAt when the oldest pending or failed delivery was stored; null if none
 * @param oldestPendingAgeMillis its age in milliseconds, 0 if none
 */
public record Backlog(
    long pending,
    long failed,
    long dead,
    long delivered,
    Instant oldestPendingAt,
    long oldestPendingAgeMillis) {

  static final Backlog EMPTY = new Backlog(0, 0, 0, 0, null, 0);
}
