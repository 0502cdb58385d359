package io.driftless.query.subscription;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code driftless.subscriptions.*}: where webhooks may go and how deliveries are timed.
 *
 * @param enabled whether this process sends deliveries (the outbox adds rows regardless)
 * @param allowPrivateTargets whether a subscription may target a private, link-local or loopback
 *     address (default false)
 * @param allowLoopbackTargets whether loopback targets are allowed even so (true on embedded
 *     defaults, false in the {@code distributed} profile)
 * @param timeout how long a target has to answer with a 2xx (10 s)
 * @param firstBackoff the wait after the first failure; doubles after each further one (1 s)
 * @param maxBackoff the longest wait between tries (10 min)
 * @param giveUpAfter how long after its first try a delivery is retried before it is dead (24 h)
 * @param pollInterval how often the dispatcher looks for due rows (250 ms)
 * @param maxInFlight deliveries this process sends at once, over all subscriptions (64)
 * @param leaseMargin how much longer than two timeouts a sender's claim on a row lasts (30 s): what
 *     a killed process's claimed rows wait before another sender takes them
 */
@ConfigurationProperties("driftless.subscriptions")
public record SubscriptionSettings(
    Boolean enabled,
    boolean allowPrivateTargets,
    Boolean allowLoopbackTargets,
    Duration timeout,
    Duration firstBackoff,
    Duration maxBackoff,
    Duration giveUpAfter,
    Duration pollInterval,
    Integer maxInFlight,
    Duration leaseMargin) {

  /** Fills in the defaults. */
  public SubscriptionSettings {
    enabled = enabled == null || enabled;
    allowLoopbackTargets = allowLoopbackTargets != null && allowLoopbackTargets;
    timeout = timeout == null ? Duration.ofSeconds(10) : timeout;
    firstBackoff = firstBackoff == null ? Duration.ofSeconds(1) : firstBackoff;
    maxBackoff = maxBackoff == null ? Duration.ofMinutes(10) : maxBackoff;
    giveUpAfter = giveUpAfter == null ? Duration.ofHours(24) : giveUpAfter;
    pollInterval = pollInterval == null ? Duration.ofMillis(250) : pollInterval;
    maxInFlight = maxInFlight == null || maxInFlight < 1 ? 64 : maxInFlight;
    leaseMargin = leaseMargin == null ? Duration.ofSeconds(30) : leaseMargin;
  }

  /** The defaults. */
  public static SubscriptionSettings defaults() {
    return new SubscriptionSettings(null, false, null, null, null, null, null, null, null, null);
  }

  /** How long a claim on a row lasts: past the timeout, so a live sender never loses it. */
  Duration lease() {
    return timeout.multipliedBy(2).plus(leaseMargin);
  }

  /** The wait after the {@code attempts}-th failed try: 1 s doubling, capped. */
  Duration backoff(int attempts) {
    var wait = firstBackoff;
    for (int i = 1; i < attempts && wait.compareTo(maxBackoff) < 0; i++) {
      wait = wait.multipliedBy(2);
    }
    return wait.compareTo(maxBackoff) > 0 ? maxBackoff : wait;
  }
}
