package io.driftless.shared;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DaemonThreadsTest {

  @Test
  void createdThreadsAreDaemonsWithTheirNameAndNotStarted() {
    var thread = DaemonThreads.create("job", () -> {});

    assertThat(thread.isDaemon()).isTrue();
    assertThat(thread.getName()).isEqualTo("job");
    assertThat(thread.getState()).isEqualTo(Thread.State.NEW);
  }

  @Test
  void aNamedFactoryGivesEveryThreadTheName() {
    var factory = DaemonThreads.named("one");

    assertThat(factory.newThread(() -> {}).getName()).isEqualTo("one");
    assertThat(factory.newThread(() -> {}).getName()).isEqualTo("one");
    assertThat(factory.newThread(() -> {}).isDaemon()).isTrue();
  }

  @Test
  void aNumberedFactoryCountsFromOneForItsOwnThreads() {
    var first = DaemonThreads.numbered("pool");
    var second = DaemonThreads.numbered("pool");

    assertThat(first.newThread(() -> {}).getName()).isEqualTo("pool-1");
    assertThat(first.newThread(() -> {}).getName()).isEqualTo("pool-2");
    assertThat(second.newThread(() -> {}).getName()).isEqualTo("pool-1");
    assertThat(first.newThread(() -> {}).isDaemon()).isTrue();
  }
}
