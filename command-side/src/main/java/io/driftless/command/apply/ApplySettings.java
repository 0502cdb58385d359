package io.driftless.command.apply;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * How changes are applied ({@code driftless.deploy.*}).
 *
 * @param applyConcurrency how many changes of one apply wave are written at once (kapp's {@code
 *     --apply-concurrency}, default 5); 1 writes them one after the other
 * @param waitingReportPeriod how often a streamed change reports what it still waits for (kapp's
 *     {@code ---- waiting on N changes [d/T done] ----}, {@link WaitingReport}); default 5 s, 0
 *     never
 */
@ConfigurationProperties("driftless.deploy")
public record ApplySettings(Integer applyConcurrency, Duration waitingReportPeriod) {

  /** Fills in the defaults and refuses a concurrency below 1 or a negative period. */
  public ApplySettings {
    applyConcurrency = applyConcurrency == null ? 5 : applyConcurrency;
    waitingReportPeriod = waitingReportPeriod == null ? Duration.ofSeconds(5) : waitingReportPeriod;
    if (waitingReportPeriod.isNegative()) {
      throw new IllegalArgumentException(
          "driftless.deploy.waiting-report-period must not be negative, not "
              + waitingReportPeriod);
    }
    if (applyConcurrency < 1) {
      throw new IllegalArgumentException(
          "driftless.deploy.apply-concurrency must be at least 1, not " + applyConcurrency);
    }
  }
}
