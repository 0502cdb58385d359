package io.driftless.command.apply.wait;

import io.driftless.command.cluster.ClusterException;
import java.time.Duration;

/**
 * The pauses between the reads of an object the cluster is waited on: 50 ms, doubling, at most 1 s
 * (the short first pauses answer a fast cluster fast; kapp polls every second). One per wait: the
 * waits for a change's objects and the writes' own waits (a delete that must be gone, a replaced
 * object) share it.
 */
public final class PollPause {

  static final Duration FIRST = Duration.ofMillis(50);
  static final Duration MAX = Duration.ofSeconds(1);

  private Duration next = FIRST;

  /**
   * Sleeps the next pause.
   *
   * @throws ClusterException when the thread is interrupted (its flag stays set)
   */
  public void sleep() {
    try {
      Thread.sleep(advance().toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ClusterException("interrupted while waiting for the cluster", 0, e);
    }
  }

  /** The next pause, and the one after becomes twice as long, up to {@link #MAX}. */
  Duration advance() {
    var pause = next;
    next = next.multipliedBy(2).compareTo(MAX) > 0 ? MAX : next.multipliedBy(2);
    return pause;
  }
}
