package io.driftless.query.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class BacklogTest {

  private static final Instant NOW = Instant.parse("2026-11-21T10:00:00Z");

  @Test
  void lagIsZeroWhenNothingWaitsHoweverOldTheLastEvent() {
    var idle = new Backlog(0, 0, null, 3, 1);
    assertThat(idle.lag(NOW.minus(Duration.ofHours(5)), NOW)).isZero();
    assertThat(Backlog.NONE.lag(NOW.minusSeconds(73), NOW)).isZero();
  }

  @Test
  void lagCountsFromTheLastAppliedEventWhileOlderEventsWait() {
    var waiting = new Backlog(358, 0, NOW.minusSeconds(90), 0, 0);
    var lastApplied = NOW.minusSeconds(40);
    assertThat(waiting.lag(lastApplied, NOW)).isEqualTo(Duration.ofSeconds(40));
    assertThat(waiting.lag(lastApplied, NOW.plusSeconds(5))).isEqualTo(Duration.ofSeconds(45));
  }

  @Test
  void aNewEventAfterAnIdleHourLagsOnlyItsOwnAge() {
    var fresh = new Backlog(0, 1, NOW.minusMillis(120), 0, 0);
    assertThat(fresh.lag(NOW.minus(Duration.ofHours(1)), NOW)).isEqualTo(Duration.ofMillis(120));
  }

  @Test
  void aViewThatAppliedNothingYetLagsFromTheOldestWaitingEvent() {
    var backlog = new Backlog(10, 5, NOW.minusSeconds(7), 0, 0);
    assertThat(backlog.lag(null, NOW)).isEqualTo(Duration.ofSeconds(7));
    assertThat(backlog.waiting()).isEqualTo(15);
  }

  @Test
  void anUnknownQueueDepthCountsAsNothingReady() {
    var unknown = new Backlog(-1, 0, null, -1, -1);
    assertThat(unknown.waiting()).isZero();
    assertThat(unknown.lag(NOW.minusSeconds(30), NOW)).isZero();
  }
}
