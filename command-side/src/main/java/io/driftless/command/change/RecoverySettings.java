package io.driftless.command.change;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Crash recovery of open changes ({@code driftless.recovery.*}; command-side README, "Crash
 * recovery").
 *
 * @param leaseDuration how long a replica's heartbeat keeps its changes its own (30 s): a change
 *     whose replica has not heartbeaten for this long is closed as failed by another replica
 * @param checkPeriod how often a replica heartbeats and looks for changes to close (10 s); at most
 *     a third of the lease
 * @param replicaId this replica's name in the claims; blank: a random one per start. A fixed name
 *     (the embedded default's, a StatefulSet pod's) lets a restarted replica close the changes its
 *     previous life left open at once, without waiting for the lease; two live replicas must never
 *     share one
 */
@ConfigurationProperties("driftless.recovery")
public record RecoverySettings(Duration leaseDuration, Duration checkPeriod, String replicaId) {

  /** Fills in the defaults and refuses values that cannot work. */
  public RecoverySettings {
    leaseDuration = positive("lease-duration", leaseDuration, Duration.ofSeconds(30));
    checkPeriod = positive("check-period", checkPeriod, Duration.ofSeconds(10));
    replicaId = replicaId == null ? "" : replicaId.strip();
    if (checkPeriod.multipliedBy(3).compareTo(leaseDuration) > 0) {
      throw new IllegalArgumentException(
          "driftless.recovery.check-period ("
              + checkPeriod
              + ") must be at most a third of driftless.recovery.lease-duration ("
              + leaseDuration
              + "): a replica heartbeats once per check period");
    }
  }

  private static Duration positive(String name, Duration value, Duration fallback) {
    if (value == null) {
      return fallback;
    }
    if (value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException(
          "driftless.recovery." + name + " must be greater than 0, not " + value);
    }
    return value;
  }
}
