package io.driftless.standalone.e2e;

import io.driftless.events.testing.SideProcess;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The command-side replicas of a chaos run (real processes on one event store) and what a change
 * may fail by: a kill of the replica running it, or the cut of its database connections. The suite
 * counts each kill and cut before and after it ({@link #killing}, {@link #cutting}), so a request
 * that starts in between meets it too; a {@link ChaosClient} compares the counts around its request
 * to tell a {@code 502} it may get from one it may not.
 */
final class CommandReplicas {

  private final AtomicReferenceArray<SideProcess> sides;
  private final AtomicIntegerArray kills;
  private final AtomicInteger databaseCuts = new AtomicInteger();

  CommandReplicas(int size) {
    this.sides = new AtomicReferenceArray<>(size);
    this.kills = new AtomicIntegerArray(size);
  }

  int size() {
    return sides.length();
  }

  SideProcess get(int replica) {
    return sides.get(replica);
  }

  void set(int replica, SideProcess side) {
    sides.set(replica, side);
  }

  /** {@code path} on {@code replica}. */
  URI uri(int replica, String path) {
    return sides.get(replica).uri(path);
  }

  /** The replicas started so far. */
  List<SideProcess> started() {
    var started = new ArrayList<SideProcess>();
    for (int i = 0; i < size(); i++) {
      if (sides.get(i) != null) {
        started.add(sides.get(i));
      }
    }
    return started;
  }

  /** Counts a kill of {@code replica}: call it before and after the kill. */
  void killing(int replica) {
    kills.incrementAndGet(replica);
  }

  int kills(int replica) {
    return kills.get(replica);
  }

  /** Counts a cut of the database connections: call it before and after the cut. */
  void cutting() {
    databaseCuts.incrementAndGet();
  }

  int cuts() {
    return databaseCuts.get();
  }
}
