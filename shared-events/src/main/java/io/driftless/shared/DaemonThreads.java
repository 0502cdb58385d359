package io.driftless.shared;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Daemon threads with a name, so that a thread dump and the log name the job (a server stop never
 * waits for them: every owner shuts its executor down itself). The one home of what eleven classes
 * wrote by hand.
 */
public final class DaemonThreads {

  private DaemonThreads() {}

  /** A daemon thread named {@code name} running {@code task}, not started. */
  public static Thread create(String name, Runnable task) {
    var thread = new Thread(task, name);
    thread.setDaemon(true);
    return thread;
  }

  /** For an executor of one thread: every thread it makes is named {@code name}. */
  public static ThreadFactory named(String name) {
    return task -> create(name, task);
  }

  /** For a pool: threads named {@code prefix-1}, {@code prefix-2}, ... */
  public static ThreadFactory numbered(String prefix) {
    var count = new AtomicInteger();
    return task -> create(prefix + "-" + count.incrementAndGet(), task);
  }
}
