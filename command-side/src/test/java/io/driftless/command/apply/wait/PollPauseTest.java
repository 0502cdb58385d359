package io.driftless.command.apply.wait;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.driftless.command.cluster.ClusterException;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

class PollPauseTest {

  @Test
  void pausesDoubleFromFiftyMillisecondsUpToOneSecond() {
    var pause = new PollPause();
    var pauses = new ArrayList<Long>();
    for (var i = 0; i < 8; i++) {
      pauses.add(pause.advance().toMillis());
    }

    assertThat(pauses).containsExactly(50L, 100L, 200L, 400L, 800L, 1000L, 1000L, 1000L);
  }

  @Test
  void anInterruptedWaitIsAClusterFailureAndKeepsTheFlag() {
    Thread.currentThread().interrupt();
    try {
      assertThatThrownBy(() -> new PollPause().sleep())
          .isInstanceOf(ClusterException.class)
          .hasMessageContaining("interrupted while waiting for the cluster");
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void theFirstPauseIsShort() {
    assertThat(PollPause.FIRST).isEqualTo(Duration.ofMillis(50));
    assertThat(PollPause.MAX).isEqualTo(Duration.ofSeconds(1));
  }
}
