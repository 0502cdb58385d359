package io.driftless.standalone.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A snapshot of the CPU time (user + system, {@link ThreadMXBean}) of every live thread of this JVM
 * and of the process ({@code com.sun.management.OperatingSystemMXBean}); {@link #since} splits the
 * CPU spent since into the sandbox's threads (those that answered a request), the benchmark's own
 * (its HTTP client), and the rest: the standalone server, that is the command side (the HTTP face,
 * the planner, the appliers, the fabric8 client's event loop, Axon) and the query side's in-process
 * delivery.
 *
 * <p>Limits: a thread that starts and ends between two snapshots is not seen (pools keep theirs);
 * garbage collection and the JIT compiler are not Java threads, so they are in {@link
 * Spent#process()} only.
 */
final class ThreadCpu {

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final Map<Long, Long> cpu;
  private final Map<Long, String> names;
  private final long process;

  private ThreadCpu(Map<Long, Long> cpu, Map<Long, String> names, long process) {
    this.cpu = cpu;
    this.names = names;
    this.process = process;
  }

  static ThreadCpu now() {
    var cpu = new HashMap<Long, Long>();
    var names = new HashMap<Long, String>();
    for (var info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
      if (info == null) {
        continue;
      }
      var time = THREADS.getThreadCpuTime(info.getThreadId());
      if (time >= 0) {
        cpu.put(info.getThreadId(), time);
        names.put(info.getThreadId(), info.getThreadName());
      }
    }
    return new ThreadCpu(cpu, names, processCpu());
  }

  /** The CPU spent since this snapshot, the sandbox's threads being {@code sandboxThreads}. */
  Spent since(Set<Long> sandboxThreads) {
    var now = now();
    long sandbox = 0;
    long bench = 0;
    long server = 0;
    for (var e : now.cpu.entrySet()) {
      var delta = e.getValue() - cpu.getOrDefault(e.getKey(), 0L);
      if (sandboxThreads.contains(e.getKey())) {
        sandbox += delta;
      } else if (benchmark(now.names.get(e.getKey()))) {
        bench += delta;
      } else {
        server += delta;
      }
    }
    return new Spent(server, sandbox, bench, now.process - process);
  }

  /** The CPU spent since this snapshot by thread name (numbers folded), the most first. */
  Map<String, Long> byName() {
    var now = now();
    var spent = new TreeMap<String, Long>();
    now.cpu.forEach(
        (id, time) -> {
          var name = now.names.get(id).replaceAll("\\d+", "N");
          spent.merge(name, time - cpu.getOrDefault(id, 0L), Long::sum);
        });
    return spent;
  }

  private static boolean benchmark(String name) {
    return name == null || name.startsWith("HttpClient-") || name.equals("main");
  }

  private static long processCpu() {
    var os = ManagementFactory.getOperatingSystemMXBean();
    return os instanceof com.sun.management.OperatingSystemMXBean sun
        ? sun.getProcessCpuTime()
        : -1;
  }

  /**
   * CPU nanoseconds spent: by the server's threads, the sandbox's, the benchmark's, and the whole
   * process (GC and JIT included).
   */
  record Spent(long server, long sandbox, long bench, long process) {}
}
