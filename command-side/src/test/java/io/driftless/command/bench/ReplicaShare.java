package io.driftless.command.bench;

import static io.driftless.command.bench.ReconcileBenchmark.finishedReconciles;

import io.micrometer.core.instrument.MeterRegistry;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.util.function.Supplier;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The reconcile benchmark's second window (issue 31, point 5): a second command-side replica on the
 * same database, sharing the apps through the reconcile leases ({@code reconcile_lease}: a replica
 * reconciles an app only while it holds its lease). Both run in this JVM, each with its own
 * scheduler, workers, watches and meter registry; prints each replica's reconciles and share of the
 * window, the two together per second, the cluster writes and events (both 0 when every reconcile
 * is a noop) and this process's CPU per reconcile (both replicas).
 */
final class ReplicaShare {

  private ReplicaShare() {}

  static void measure(
      ReconcileBenchmark.Options options,
      ConfigurableApplicationContext first,
      Supplier<ConfigurableApplicationContext> replica,
      PrintWriter control,
      BufferedReader replies,
      PrintWriter out)
      throws Exception {
    out.printf("starting a second replica on the same database%n");
    var second = replica.get();
    try {
      var jdbc = first.getBean(JdbcTemplate.class);
      var a = first.getBean(MeterRegistry.class);
      var b = second.getBean(MeterRegistry.class);
      control.println("churn " + options.statusWrites());
      ReconcileBenchmark.expect(replies, "OK");
      var churnBegan = finishedReconciles(a) + finishedReconciles(b);
      ReconcileBenchmark.waitFor(
          "both replicas reconciling",
          () ->
              finishedReconciles(b) > 0
                  && finishedReconciles(a) + finishedReconciles(b) - churnBegan
                      >= ReconcileBenchmark.warmUpReconciles(options));
      var os =
          (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
      var load = os.getSystemLoadAverage();
      var writes = ReconcileBenchmark.writes(control, replies);
      var events = ReconcileBenchmark.count(jdbc, "SELECT COUNT(*) FROM domain_event_entry");
      var runsA = finishedReconciles(a);
      var runsB = finishedReconciles(b);
      var cpu = os.getProcessCpuTime();
      var start = System.nanoTime();
      // The measured window itself (each replica's share over a fixed time): a duration, not a
      // condition, so no Awaitility wait stands for it.
      Thread.sleep(options.seconds() * 1000L);
      var seconds = (System.nanoTime() - start) / 1e9;
      var cpuSeconds = (os.getProcessCpuTime() - cpu) / 1e9;
      var doneA = finishedReconciles(a) - runsA;
      var doneB = finishedReconciles(b) - runsB;
      var writesAfter = ReconcileBenchmark.writes(control, replies);
      var eventsAfter = ReconcileBenchmark.count(jdbc, "SELECT COUNT(*) FROM domain_event_entry");
      control.println("stop");
      ReconcileBenchmark.expect(replies, "OK");
      var total = doneA + doneB;
      out.printf("two replicas, window %.1f s, load average %.2f at the start:%n", seconds, load);
      out.printf(
          "  replica 1: %.0f reconciles (%.0f%%), replica 2: %.0f reconciles (%.0f%%)%n",
          doneA, total == 0 ? 0 : 100 * doneA / total, doneB, total == 0 ? 0 : 100 * doneB / total);
      out.printf(
          "  together: %.1f reconciles/s (%.1f/s asked by the sync period)%n",
          total / seconds, options.apps() / (double) options.syncPeriod());
      out.printf(
          "  cluster writes by the command side: %d, events written: %d (targets 0)%n",
          writesAfter - writes, eventsAfter - events);
      out.printf(
          "  CPU of this process (both replicas): %.2f s, %.4f s per reconcile%n",
          cpuSeconds, total == 0 ? 0 : cpuSeconds / total);
    } finally {
      second.close();
    }
  }
}
