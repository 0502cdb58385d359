package io.driftless.events.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * CPU time (user + system) of the processes a benchmark involves, from Linux's {@code
 * /proc/<pid>/stat}: take a snapshot before and after, and {@link #since} reports the difference
 * per process and per event. Elsewhere it reports nothing.
 */
public final class CpuTimes {

  private static final double TICKS_PER_SECOND = 100.0; // USER_HZ, 100 on Linux

  private final Map<String, Long> pids;
  private final Map<String, Long> ticks;

  private CpuTimes(Map<String, Long> pids, Map<String, Long> ticks) {
    this.pids = pids;
    this.ticks = ticks;
  }

  /** A snapshot of the named processes (missing ones are left out). */
  public static CpuTimes of(Map<String, Long> pids) {
    var ticks = new LinkedHashMap<String, Long>();
    pids.forEach(
        (name, pid) -> {
          var t = ticks(pid);
          if (t >= 0) {
            ticks.put(name, t);
          }
        });
    return new CpuTimes(pids, ticks);
  }

  /** The first process whose command line contains {@code fragment}, or -1. */
  public static long find(String fragment) {
    return ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().orElse("").contains(fragment))
        .mapToLong(ProcessHandle::pid)
        .findFirst()
        .orElse(-1);
  }

  /** {@code name 1.2 s (40 us/event), ...} since this snapshot. */
  public String since(long events) {
    var before = this;
    var now = of(pids);
    if (now.ticks.isEmpty()) {
      return "n/a (no /proc)";
    }
    return now.ticks.entrySet().stream()
        .filter(e -> before.ticks.containsKey(e.getKey()))
        .map(
            e -> {
              var seconds = (e.getValue() - before.ticks.get(e.getKey())) / TICKS_PER_SECOND;
              return String.format(
                  Locale.ROOT,
                  "%s %.1f s (%.0f us/event)",
                  e.getKey(),
                  seconds,
                  seconds * 1e6 / events);
            })
        .collect(Collectors.joining(", "));
  }

  private static long ticks(long pid) {
    if (pid < 0) {
      return -1;
    }
    try {
      var stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      var fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
