package io.driftless.command.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class NextRunTest {

  private static final Duration PERIOD = Duration.ofSeconds(30);

  @Test
  void successWaitsThePeriodPlusUpToTheJitter() {
    assertThat(new NextRun(Duration.ofSeconds(1), 0.1, () -> 0.0).afterSuccess(PERIOD))
        .isEqualTo(PERIOD);
    assertThat(new NextRun(Duration.ofSeconds(1), 0.1, () -> 0.5).afterSuccess(PERIOD))
        .isEqualTo(Duration.ofMillis(31_500));
  }

  @Test
  void failuresBackOffExponentiallyCappedAtThePeriod() {
    var next = new NextRun(Duration.ofSeconds(1), 0.1, () -> 0.9);
    assertThat(next.afterFailure(PERIOD, 1)).isEqualTo(Duration.ofSeconds(1));
    assertThat(next.afterFailure(PERIOD, 2)).isEqualTo(Duration.ofSeconds(2));
    assertThat(next.afterFailure(PERIOD, 5)).isEqualTo(Duration.ofSeconds(16));
    assertThat(next.afterFailure(PERIOD, 6)).isEqualTo(PERIOD);
    assertThat(next.afterFailure(PERIOD, 1_000)).isEqualTo(PERIOD);
  }

  @Test
  void busyRetriesAfterTheBackoffNeverLaterThanThePeriod() {
    assertThat(new NextRun(Duration.ofSeconds(1), 0, () -> 0).afterBusy(PERIOD))
        .isEqualTo(Duration.ofSeconds(1));
    assertThat(new NextRun(Duration.ofMinutes(1), 0, () -> 0).afterBusy(PERIOD)).isEqualTo(PERIOD);
  }
}
