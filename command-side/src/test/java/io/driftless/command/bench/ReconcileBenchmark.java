package io.driftless.command.bench;

import io.driftless.command.CommandSideApplication;
import io.driftless.command.cluster.ClusterWatches;
import io.driftless.command.support.Api;
import io.driftless.events.testing.LocalServices;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.awaitility.Awaitility;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The reconcile benchmark of issue 12: {@code apps} apps of {@code resources} resources each (half
 * Deployments, half ConfigMaps), sync period {@code sync-period} (1 s), for {@code seconds}, while
 * a controller writes the Deployments' status all along ({@link BenchCluster}, a process of its own
 * with the sandbox). The command side runs in this JVM on a fresh MariaDB database, with its
 * defaults otherwise (2 workers, watch trigger on). Prints, over the measured window: the command
 * side's cluster write requests (the sandbox's count for the User-Agent {@code driftless/...}),
 * events written, reconciles/s (sum of {@code reconcile_lease.runs}), CPU seconds of this process
 * per reconcile, watch triggers; then the heap the watches hold once they know {@code heap-objects}
 * owned objects: the used heap after a full GC with the watches running, minus the same with every
 * watch stopped (the watch trigger closed, so it cannot scope them again), and again after they
 * restarted; and the same difference in the JVM's class histogram for the types a watch's map is
 * made of.
 *
 * <p>Arguments: {@code --seconds=60 --apps=100 --resources=20 --status-writes=200
 * --heap-objects=10000 --workers=2 --sync-period=1 --replicas=1} (the sync period in seconds; with
 * {@code --replicas=2} a second window runs with a second replica on the same database, {@link
 * ReplicaShare}). Run it through {@code ReconcileBenchmarkIT} (command-side README, "Benchmark").
 */
public final class ReconcileBenchmark {

  /** How long the watches are left to settle (the mock sends every object again on a new watch). */
  private static final long QUIET = 10_000;

  private ReconcileBenchmark() {}

  /** The benchmark's settings. */
  record Options(
      int seconds,
      int apps,
      int resources,
      int statusWrites,
      int heapObjects,
      int workers,
      int syncPeriod,
      int replicas) {

    static Options parse(String... args) {
      var values = new HashMap<String, Integer>();
      for (var arg : args) {
        if (arg.isBlank()) {
          continue;
        }
        var eq = arg.indexOf('=');
        values.put(arg.substring(2, eq), Integer.parseInt(arg.substring(eq + 1)));
      }
      return new Options(
          values.getOrDefault("seconds", 60),
          values.getOrDefault("apps", 100),
          values.getOrDefault("resources", 20),
          values.getOrDefault("status-writes", 200),
          values.getOrDefault("heap-objects", 10_000),
          values.getOrDefault("workers", 2),
          values.getOrDefault("sync-period", 1),
          values.getOrDefault("replicas", 1));
    }
  }

  public static void main(String[] args) throws Exception {
    run(Options.parse(args), new PrintWriter(System.out, true));
  }

  static void run(Options options, PrintWriter out) throws Exception {
    var kubeconfig = Path.of("target", "bench-kubeconfig-" + UUID.randomUUID() + ".yaml");
    var java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    var cluster =
        new ProcessBuilder(
                java,
                "-Xmx1g",
                "-cp",
                System.getProperty("java.class.path"),
                BenchCluster.class.getName(),
                kubeconfig.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    var control = new PrintWriter(cluster.getOutputStream(), true, StandardCharsets.UTF_8);
    var replies =
        new BufferedReader(new InputStreamReader(cluster.getInputStream(), StandardCharsets.UTF_8));
    try {
      expect(replies, "READY");
      var database = LocalServices.freshDatabase("driftless_rbench");
      var context = start(kubeconfig, options, database);
      try {
        measure(options, context, control, replies, kubeconfig, out);
        if (options.replicas() > 1) {
          ReplicaShare.measure(
              options, context, () -> start(kubeconfig, options, database), control, replies, out);
        }
        heap(options, context, context.getBean(ClusterWatches.class), kubeconfig, out);
      } finally {
        context.close();
      }
    } finally {
      control.println("quit");
      cluster.destroy();
    }
  }

  /** One command-side replica on {@code database} (a second one shares it and its leases). */
  static ConfigurableApplicationContext start(Path kubeconfig, Options options, String database) {
    var data = Path.of("target", "bench-" + UUID.randomUUID()).toAbsolutePath();
    return new SpringApplicationBuilder(CommandSideApplication.class)
        .run(
            "--server.port=0",
            "--driftless.data-dir=" + data,
            "--spring.datasource.url=" + database,
            "--spring.datasource.username=" + LocalServices.jdbcUser(),
            "--spring.datasource.password=" + LocalServices.jdbcPassword(),
            "--driftless.cluster.kubeconfig=" + kubeconfig.toAbsolutePath(),
            "--driftless.reconcile.enabled=true",
            "--driftless.reconcile.sync-period=" + options.syncPeriod() + "s",
            "--driftless.reconcile.workers=" + options.workers(),
            "--logging.level.root=WARN");
  }

  private static void measure(
      Options options,
      ConfigurableApplicationContext context,
      PrintWriter control,
      BufferedReader replies,
      Path kubeconfig,
      PrintWriter out)
      throws Exception {
    var jdbc = context.getBean(JdbcTemplate.class);
    var metrics = context.getBean(MeterRegistry.class);
    var watches = context.getBean(ClusterWatches.class);
    var port = ((WebServerApplicationContext) context).getWebServer().getPort();
    var api = new Api(port);
    var owned = options.apps() * options.resources();
    out.printf(
        "deploying %d apps x %d resources (%d Deployments, %d ConfigMaps each)%n",
        options.apps(),
        options.resources(),
        options.resources() / 2,
        options.resources() - options.resources() / 2);
    for (int app = 0; app < options.apps(); app++) {
      deploy(api, app, options.resources());
    }
    waitFor("the watches to know every owned object", () -> watches.objects() >= owned);
    waitFor(
        "a lease row per app",
        () -> count(jdbc, "SELECT COUNT(*) FROM reconcile_lease") >= options.apps());
    control.println("churn " + options.statusWrites());
    expect(replies, "OK");
    var churnBegan = finishedReconciles(metrics);
    waitFor(
        "the warm-up reconciles",
        () -> finishedReconciles(metrics) - churnBegan >= warmUpReconciles(options));

    var before = Snapshot.take(jdbc, metrics, writes(control, replies));
    // The measured window itself (reconciles per second over a fixed time): a duration, not a
    // condition, so no Awaitility wait stands for it.
    Thread.sleep(options.seconds() * 1000L);
    var after = Snapshot.take(jdbc, metrics, writes(control, replies));
    control.println("stop");
    var statusWrites = expect(replies, "OK");

    var runs = after.runs() - before.runs();
    var seconds = (after.nanos() - before.nanos()) / 1e9;
    var cpu = (after.cpuNanos() - before.cpuNanos()) / 1e9;
    out.printf(
        "window: %.1f s, %d apps x %d resources, sync period %d s, %d status writes/s asked"
            + " (%s written by the controller in all), load average %.2f at the start%n",
        seconds,
        options.apps(),
        options.resources(),
        options.syncPeriod(),
        options.statusWrites(),
        statusWrites,
        before.load());
    out.printf(
        "cluster writes by the command side: %d (target 0)%n", after.writes() - before.writes());
    out.printf("events written: %d (target 0)%n", after.events() - before.events());
    out.printf(
        "reconciles: %d, %.1f/s (%.1f/s asked by the sync period)%n",
        runs, runs / seconds, options.apps() / (double) options.syncPeriod());
    out.printf(
        "results: noop %.0f, applied %.0f, failed %.0f, busy %.0f%n",
        after.noop() - before.noop(),
        after.applied() - before.applied(),
        after.failed() - before.failed(),
        after.busy() - before.busy());
    out.printf("watch triggers: %.0f%n", after.triggers() - before.triggers());
    out.printf(
        "reconcile wall time: mean %.0f ms over the window, %d workers%n",
        runs == 0 ? 0 : (after.busyNanos() - before.busyNanos()) / 1e6 / runs, options.workers());
    out.printf(
        "CPU of the command side: %.2f s in %.1f s, %.4f s per reconcile (%d cores)%n",
        cpu, seconds, runs == 0 ? 0 : cpu / runs, Runtime.getRuntime().availableProcessors());
  }

  /** Fills the cluster to {@code heap-objects} owned objects and measures what the watches hold. */
  private static void heap(
      Options options,
      ConfigurableApplicationContext context,
      ClusterWatches watches,
      Path kubeconfig,
      PrintWriter out)
      throws Exception {
    var extra = options.heapObjects() - watches.objects();
    var config =
        new ConfigBuilder(Config.fromKubeconfig(null, new File(kubeconfig.toString())))
            .withUserAgent("bench-filler/1")
            .build();
    try (var client = new KubernetesClientBuilder().withConfig(config).build()) {
      for (int i = 0; i < extra; i++) {
        var app = "bench-" + String.format("%03d", i % options.apps());
        client
            .configMaps()
            .inNamespace("default")
            .resource(
                new ConfigMapBuilder()
                    .withNewMetadata()
                    .withName(app + "-extra-" + i)
                    .addToLabels("driftless.io/app", app + ".default")
                    .addToAnnotations("driftless.io/app-id", "default/" + app)
                    .endMetadata()
                    .addToData("key", "value " + i)
                    .build())
            .create();
      }
    }
    var target = options.heapObjects();
    waitFor("the watches to know " + target + " objects", () -> watches.objects() >= target);
    // A fixed quiet time before the heap is measured (the watches' last events settle): a duration,
    // not a condition.
    Thread.sleep(QUIET);
    var kinds = watches.scope();
    var with = usedAfterGc();
    var histogramWith = histogram();
    // The watch trigger would scope the watches again within 5 s: it stops, and the watches with
    // it.
    ((AutoCloseable) context.getBean("watchTrigger")).close();
    Thread.sleep(QUIET);
    var without = usedAfterGc();
    var histogramWithout = histogram();
    watches.scope(kinds);
    waitFor("the watches to come back", () -> watches.objects() >= target);
    Thread.sleep(QUIET);
    var again = usedAfterGc();
    out.printf(
        "heap the watches hold for %d owned objects: %.1f MiB (used heap after full GC: %.1f MiB"
            + " watching, %.1f MiB with every watch stopped, %.1f MiB watching again; %.0f bytes"
            + " per object) (target under 100 MiB)%n",
        target,
        (with - without) / 1048576.0,
        with / 1048576.0,
        without / 1048576.0,
        again / 1048576.0,
        (double) (with - without) / target);
    var held = 0L;
    var parts = new StringBuilder();
    for (var type : HELD_TYPES) {
      var bytes = histogramWith.getOrDefault(type, 0L) - histogramWithout.getOrDefault(type, 0L);
      held += bytes;
      parts.append(String.format(" %s %.2f MiB,", type, bytes / 1048576.0));
    }
    out.printf(
        "by the class histogram (live objects, watching minus stopped): %.2f MiB in the types"
            + " a watch's map is made of (%s), %.0f bytes per object%n",
        held / 1048576.0,
        parts.substring(0, Math.max(0, parts.length() - 1)).trim(),
        (double) held / target);
  }

  /** What a watch's map of fingerprints is made of. */
  private static final java.util.List<String> HELD_TYPES =
      java.util.List.of(
          "io.driftless.command.cluster.Fingerprint",
          "java.util.HashMap$Node",
          "[Ljava.util.HashMap$Node;",
          "java.lang.String",
          "[B");

  /**
   * The live objects' bytes by class name, from the JVM's class histogram (GC.class_histogram,
   * which runs a full GC first).
   */
  private static Map<String, Long> histogram() throws Exception {
    var server = ManagementFactory.getPlatformMBeanServer();
    var text =
        (String)
            server.invoke(
                new javax.management.ObjectName("com.sun.management:type=DiagnosticCommand"),
                "gcClassHistogram",
                new Object[] {null},
                new String[] {String[].class.getName()});
    var bytes = new HashMap<String, Long>();
    for (var line : text.split("\n")) {
      var columns = line.trim().split("\s+");
      // "   1:   12345   678900  java.lang.String (java.base@17)"
      if (columns.length >= 4 && columns[0].endsWith(":")) {
        bytes.merge(columns[3], Long.parseLong(columns[2]), Long::sum);
      }
    }
    return bytes;
  }

  /**
   * The smallest used heap read right after each of several full GCs: the live set, less the
   * garbage other threads make in between (the reconciles go on).
   */
  private static long usedAfterGc() throws InterruptedException {
    var memory = ManagementFactory.getMemoryMXBean();
    var least = Long.MAX_VALUE;
    for (int i = 0; i < 7; i++) {
      System.gc();
      least = Math.min(least, memory.getHeapMemoryUsage().getUsed());
      Thread.sleep(300);
    }
    return least;
  }

  private static void deploy(Api api, int app, int resources) {
    var name = "bench-" + String.format("%03d", app);
    var manifest = new StringBuilder();
    for (int i = 0; i < resources; i++) {
      if (i % 2 == 0) {
        manifest.append(
            """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: %1$s-d%2$d
            spec:
              replicas: 1
              selector:
                matchLabels:
                  app: %1$s-d%2$d
              template:
                metadata:
                  labels:
                    app: %1$s-d%2$d
                spec:
                  containers:
                  - name: app
                    image: nginx:1.27
            ---
            """
                .formatted(name, i));
      } else {
        manifest.append(
            """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: %1$s-c%2$d
            data:
              key: value-%2$d
            ---
            """
                .formatted(name, i));
      }
    }
    for (int attempt = 0; ; attempt++) {
      var response = api.deployYaml(name, manifest.toString());
      if (response.statusCode() == 200) {
        return;
      }
      if (response.statusCode() != 409 || attempt > 20) {
        throw new IllegalStateException("deploy of " + name + " failed: " + response.body());
      }
    }
  }

  static long writes(PrintWriter control, BufferedReader replies) throws Exception {
    control.println("writes");
    var line = expect(replies, "WRITES");
    for (var part : line.split(",")) {
      if (part.startsWith("driftless=")) {
        return Long.parseLong(part.substring(part.indexOf('=') + 1));
      }
    }
    return 0;
  }

  static String expect(BufferedReader replies, String prefix) throws Exception {
    while (true) {
      var line = replies.readLine();
      if (line == null) {
        throw new IllegalStateException("the bench cluster stopped");
      }
      if (line.startsWith(prefix)) {
        return line.substring(prefix.length()).trim();
      }
    }
  }

  static long count(JdbcTemplate jdbc, String sql) {
    var value = jdbc.queryForObject(sql, Long.class);
    return value == null ? 0 : value;
  }

  /**
   * The reconciles before a window opens, while the status writes go on: five seconds' worth at the
   * pace the sync period asks, at least 10.
   */
  static long warmUpReconciles(Options options) {
    return Math.max(10, 5L * options.apps() / options.syncPeriod());
  }

  /** Reconciles this replica ran to the end (noop, applied or failed; not the busy ones). */
  static double finishedReconciles(MeterRegistry metrics) {
    return metrics.find("driftless.reconcile.count").counters().stream()
        .filter(c -> !"busy".equals(c.getId().getTag("result")))
        .mapToDouble(Counter::count)
        .sum();
  }

  /** Waits up to 10 minutes for {@code condition} (a 1,000-app setup takes minutes). */
  static void waitFor(String what, BooleanSupplier condition) {
    Awaitility.await(what)
        .atMost(Duration.ofMinutes(10))
        .pollInterval(Duration.ofMillis(100))
        .until(condition::getAsBoolean);
  }

  /** The counters at one moment. */
  record Snapshot(
      long nanos,
      long cpuNanos,
      long writes,
      long events,
      long runs,
      double triggers,
      double noop,
      double applied,
      double failed,
      double busy,
      double busyNanos,
      double load) {

    static Snapshot take(JdbcTemplate jdbc, MeterRegistry metrics, long writes) {
      var os =
          (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
      return new Snapshot(
          System.nanoTime(),
          os.getProcessCpuTime(),
          writes,
          count(jdbc, "SELECT COUNT(*) FROM domain_event_entry"),
          count(jdbc, "SELECT COALESCE(SUM(runs), 0) FROM reconcile_lease"),
          counter(metrics, "driftless.reconcile.watch.triggers", null),
          counter(metrics, "driftless.reconcile.count", "noop"),
          counter(metrics, "driftless.reconcile.count", "applied"),
          counter(metrics, "driftless.reconcile.count", "failed"),
          counter(metrics, "driftless.reconcile.count", "busy"),
          metrics.get("driftless.reconcile.duration").timer().totalTime(TimeUnit.NANOSECONDS),
          os.getSystemLoadAverage());
    }

    static double counter(MeterRegistry metrics, String name, String result) {
      var search = metrics.find(name);
      if (result != null) {
        search = search.tag("result", result);
      }
      var counter = search.counter();
      return counter == null ? 0 : counter.count();
    }
  }
}
