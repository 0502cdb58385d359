package io.driftless.standalone.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.standalone.kappexamples.ExampleApp;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Issue 31's cost model (point 3): what a deploy costs the cluster and the command side, on a
 * standalone server started in-process on its embedded defaults with its sandbox. For each app
 * (simple-app, knative, cf-for-k8s from kapp's examples, and {@link SyntheticApp}'s 2,000
 * resources) it runs, in this order: the first deploy ({@code create}, {@code creates} times, each
 * under an app name of its own, {@code <app>-<n>}, the one before deleted: a first deploy makes new
 * aggregates), the same app deleted and deployed again ({@code recreate}, {@code creates} times:
 * its ResourceChanges keep their histories, each time longer), {@code rounds} redeploys without
 * change ({@code unchanged}), {@code updates} deploys that change every object (a label whose value
 * is the round's, {@code update}), {@code rounds} reconciles of the unchanged app ({@code
 * reconcile}); then deletes the app. Before an app is measured, {@code warmup-each} such cycles of
 * it run uncounted, so that its figures are those of a warm server (the JIT has compiled its paths:
 * knative's CRDs, cf-for-k8s's many kinds), as simple-app's are after the first warm-up. Each
 * measured call starts once the views have applied every event of the calls before it (the API's
 * positions), so that it does not share the cores with the relay still writing the views of the
 * call before (a delete of 254 objects). Each call is timed from request to answer; the sandbox
 * counts the requests it answered during the call by verb ({@link SandboxCluster#requestsByVerb});
 * {@link ThreadCpu} the CPU of the server's threads, the sandbox's threads left out.
 *
 * <p>It prints a table, the ratios issue 31 names (wall-time medians: unchanged cf-for-k8s within
 * 8x simple-app's, its first deploy within 12x, unchanged knative within 4x), and whether every
 * unchanged redeploy sent no more requests than the app has (kind, namespace) pairs. With {@code
 * debug} it also prints, for one more unchanged redeploy of each app, the requests by method and
 * path (an object's name folded to {@code {name}}) and the CPU by thread name.
 *
 * <p>Limits: one JVM holds the server, the sandbox and the benchmark, so the sandbox's CPU and the
 * benchmark's are on the same cores as the server's; the periodic and watch-triggered reconciles
 * are off ({@code driftless.reconcile.enabled=false}, {@link DeployCostBenchmarkIT}) so that every
 * request counted is the measured call's own. It is a benchmark, not a test: it fails only when a
 * call fails.
 */
final class DeployCostBenchmark {

  private static final String[] PHASES = {"create", "recreate", "unchanged", "update", "reconcile"};

  private final AppCalls calls;
  // every first deploy is of an app of its own: <example>-<n>
  private int apps;
  private final SandboxCluster sandbox;
  private final Map<String, String> options;
  private final PrintWriter out;
  private final Map<String, AppCost> costs = new LinkedHashMap<>();
  private boolean warming;

  DeployCostBenchmark(
      int port, SandboxCluster sandbox, Map<String, String> options, PrintWriter out) {
    this.calls = new AppCalls(port);
    this.sandbox = sandbox;
    this.options = options;
    this.out = out;
  }

  /**
   * {@code apps=a,b rounds=N creates=N recreates=N updates=N warmup=N warmup-each=N resources=N
   * namespaces=N debug}: the apps (default simple-app,knative,cf-for-k8s,synthetic; any other name
   * is one of {@code kapp-examples/apps.properties}), the rounds of each phase (10, 3, as many as
   * creates, 3), the warm-up cycles of simple-app before all (2) and of each app before its own
   * (1), the synthetic app's size (2000 in 4 namespaces), the debug output.
   */
  static Map<String, String> options(String text) {
    var options = new HashMap<String, String>();
    for (var word : text.trim().split("\\s+")) {
      if (!word.isEmpty()) {
        var at = word.indexOf('=');
        options.put(
            at < 0 ? word : word.substring(0, at), at < 0 ? "true" : word.substring(at + 1));
      }
    }
    return options;
  }

  void run() {
    var apps = options.getOrDefault("apps", "simple-app,knative,cf-for-k8s,synthetic").split(",");
    out.printf(
        "deploy cost (issue 31): rounds=%d creates=%d updates=%d, %d cores, %s%n",
        number("rounds", 10),
        number("creates", 3),
        number("updates", 3),
        Runtime.getRuntime().availableProcessors(),
        loadAverage());
    // The JVM's first calls run interpreted: warm-up cycles, not counted, so that the first app
    // measured (simple-app, the ratios' base) is not the only one timed cold.
    warming = true;
    for (int i = 0; i < number("warmup", 2); i++) {
      measure("simple-app", body("simple-app"));
    }
    warming = false;
    out.printf(
        "warm-up: %d cycles of simple-app, then %d of each app before its own, not counted;"
            + " each sample starts once the views have applied the calls before it%n",
        number("warmup", 2), number("warmup-each", 1));
    for (var app : apps) {
      warming = true;
      for (int i = 0; i < number("warmup-each", 1); i++) {
        measure(app, body(app));
      }
      warming = false;
      costs.put(app, measure(app, body(app)));
    }
    printTable();
    printRatios();
    printCheck();
  }

  private String body(String app) {
    return switch (app) {
      case "simple-app" -> example(app, "examples/simple-app-v1.yml");
      case "cf-for-k8s" -> example(app, "examples/cf-for-k8s-v0.2.0.yml");
      case "synthetic" -> SyntheticApp.body(number("resources", 2000), number("namespaces", 4));
      default -> ExampleApp.named(app).body();
    };
  }

  private static String example(String app, String file) {
    return new ExampleApp(app, List.of(Path.of(file))).body();
  }

  private AppCost measure(String example, String body) {
    var cost = new AppCost();
    String app = null;
    for (int round = 1; round <= number("creates", 3); round++) {
      if (app != null) {
        ok(calls.call(app, "DELETE", "", null), "delete");
      }
      var name = example + "-" + (++apps);
      var created =
          ok(sample(cost, "create", () -> calls.call(name, "POST", "/deploy", body)), "create");
      cost.describe(created.path("changes"));
      app = name;
    }
    var deployed = app;
    for (int round = 1; round <= number("recreates", number("creates", 3)); round++) {
      ok(calls.call(deployed, "DELETE", "", null), "delete");
      ok(sample(cost, "recreate", () -> calls.call(deployed, "POST", "/deploy", body)), "recreate");
    }
    for (int round = 1; round <= number("rounds", 10); round++) {
      unchanged(
          sample(cost, "unchanged", () -> calls.call(deployed, "POST", "/deploy", body)),
          "unchanged");
    }
    if (options.containsKey("debug") && !warming) {
      debug(deployed, body);
    }
    for (int round = 1; round <= number("updates", 3); round++) {
      var changed = relabelled(body, round);
      ok(sample(cost, "update", () -> calls.call(deployed, "POST", "/deploy", changed)), "update");
    }
    for (int round = 1; round <= number("rounds", 10); round++) {
      unchanged(
          sample(cost, "reconcile", () -> calls.call(deployed, "POST", "/reconcile", "")),
          "reconcile");
    }
    ok(calls.call(deployed, "DELETE", "", null), "delete");
    out.printf(
        "%s%s: %d resources, %d (kind, namespace) pairs, %d (apiVersion, kind, namespace)%n",
        warming ? "warm-up " : "", example, cost.resources, cost.pairs(), cost.lists.size());
    out.flush();
    return cost;
  }

  /** One measured call: its wall time, the requests the sandbox answered, the CPU spent. */
  private JsonNode sample(AppCost cost, String phase, Supplier<JsonNode> call) {
    calls.settle();
    var requests = sandbox.requestsByVerb();
    var cpu = ThreadCpu.now();
    var started = System.nanoTime();
    var answer = call.get();
    var wall = System.nanoTime() - started;
    var spent = cpu.since(sandbox.requestThreads());
    cost.add(phase, new Sample(wall, delta(requests, sandbox.requestsByVerb()), spent));
    return answer;
  }

  private void debug(String app, String body) {
    sandbox.recordRequestPaths(true);
    var cpu = ThreadCpu.now();
    unchanged(calls.call(app, "POST", "/deploy", body), "unchanged (debug)");
    var byName = cpu.byName();
    var raw = sandbox.requestsByPath();
    sandbox.recordRequestPaths(false);
    var paths = new TreeMap<String, Long>();
    raw.forEach((path, count) -> paths.merge(foldName(path), count, Long::sum));
    out.printf("debug %s: requests of one unchanged redeploy by method and path%n", app);
    paths.forEach((path, count) -> out.printf("  %5d %s%n", count, path));
    out.printf("debug %s: its requests for one object (at most 40)%n", app);
    raw.keySet().stream()
        .filter(path -> !foldName(path).equals(path))
        .limit(40)
        .forEach(path -> out.printf("        %s%n", path));
    out.printf("debug %s: CPU of that redeploy by thread (ms)%n", app);
    byName.entrySet().stream()
        .filter(e -> e.getValue() >= 1_000_000)
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .forEach(e -> out.printf("  %8.1f %s%n", e.getValue() / 1e6, e.getKey()));
  }

  /** A GET, PUT, PATCH or DELETE of one object with its name as {@code {name}}. */
  static String foldName(String methodAndPath) {
    var space = methodAndPath.indexOf(' ');
    var path = methodAndPath.substring(space + 1);
    var query = path.indexOf('?');
    var clean = query < 0 ? path : path.substring(0, query);
    var parts = clean.split("/");
    var first = parts.length > 1 && parts[1].equals("apis") ? 4 : 3;
    var rest = parts.length - first;
    var namespaced = rest >= 1 && parts[first].equals("namespaces");
    var object = namespaced ? rest == 4 : rest == 2;
    if (!object) {
      return methodAndPath;
    }
    var folded = clean.substring(0, clean.lastIndexOf('/')) + "/{name}";
    return methodAndPath.substring(0, space + 1)
        + folded
        + (query < 0 ? "" : path.substring(query));
  }

  /**
   * {@code body} with the label {@code bench.driftless.io/round} set to the round on every object.
   */
  static String relabelled(String body, int round) {
    var options = new DumperOptions();
    options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    var yaml = new Yaml(options);
    var documents = new ArrayList<Object>();
    for (var document : yaml.loadAll(body)) {
      if (document instanceof Map<?, ?> map && map.get("metadata") instanceof Map<?, ?> metadata) {
        @SuppressWarnings("unchecked")
        var fields = (Map<String, Object>) metadata;
        @SuppressWarnings("unchecked")
        var labels =
            (Map<String, Object>) fields.computeIfAbsent("labels", k -> new LinkedHashMap<>());
        labels.put("bench.driftless.io/round", "r" + round);
        documents.add(map);
      } else if (document != null) {
        documents.add(document);
      }
    }
    return yaml.dumpAll(documents.iterator());
  }

  private void printTable() {
    out.println();
    out.printf(
        "%-11s %5s %5s %-9s %3s %9s %9s %8s %6s %6s %6s %6s %6s %5s %9s %9s %9s%n",
        "app", "res", "pairs", "phase", "n", "p50 ms", "p99 ms", "req", "get", "list", "watch",
        "write", "delete", "disc", "srv CPU", "us/res", "sandbox");
    costs.forEach(
        (app, cost) -> {
          for (var phase : PHASES) {
            var samples = cost.samples.getOrDefault(phase, List.of());
            if (samples.isEmpty()) {
              continue;
            }
            var verbs = meanVerbs(samples);
            var server = median(samples.stream().map(s -> s.cpu().server()).toList());
            out.printf(
                Locale.ROOT,
                "%-11s %5d %5d %-9s %3d %9.1f %9.1f %8.1f %6.1f %6.1f %6.1f %6.1f %6.1f %5.1f %9.1f"
                    + " %9.1f %9.1f%n",
                app,
                cost.resources,
                cost.pairs(),
                phase,
                samples.size(),
                median(walls(samples)) / 1e6,
                p99(walls(samples)) / 1e6,
                verbs.values().stream().mapToDouble(Double::doubleValue).sum(),
                verbs.getOrDefault("get", 0.0),
                verbs.getOrDefault("list", 0.0),
                verbs.getOrDefault("watch", 0.0),
                verbs.getOrDefault("create", 0.0)
                    + verbs.getOrDefault("update", 0.0)
                    + verbs.getOrDefault("patch", 0.0),
                verbs.getOrDefault("delete", 0.0) + verbs.getOrDefault("deletecollection", 0.0),
                verbs.getOrDefault("discovery", 0.0),
                server / 1e6,
                server / 1e3 / Math.max(1, cost.resources),
                median(samples.stream().map(s -> s.cpu().sandbox()).toList()) / 1e6);
          }
        });
    out.println(
        "(req: mean requests the sandbox answered per call, by verb; write = create + update +"
            + " patch; srv CPU: median ms of the server's threads, us/res per resource; sandbox:"
            + " median ms of the sandbox's threads)");
  }

  private void printRatios() {
    out.println();
    ratio("unchanged", "cf-for-k8s", "simple-app", 8);
    ratio("create", "cf-for-k8s", "simple-app", 12);
    ratio("unchanged", "knative", "simple-app", 4);
  }

  private void ratio(String phase, String app, String base, double target) {
    if (!costs.containsKey(app) || !costs.containsKey(base)) {
      return;
    }
    var ratio =
        median(walls(costs.get(app).samples.get(phase)))
            / median(walls(costs.get(base).samples.get(phase)));
    out.printf(
        Locale.ROOT,
        "ratio %s %s / %s (wall p50): %.1fx (target <= %.0fx: %s)%n",
        phase,
        app,
        base,
        ratio,
        target,
        ratio <= target ? "met" : "NOT met");
  }

  private void printCheck() {
    var all = true;
    var details = new ArrayList<String>();
    for (var e : costs.entrySet()) {
      var samples = e.getValue().samples.get("unchanged");
      var most = samples.stream().mapToLong(s -> s.total()).max().orElse(0);
      all &= most <= e.getValue().pairs();
      details.add(
          "%s %d <= %d (%d with the apiVersion)"
              .formatted(e.getKey(), most, e.getValue().pairs(), e.getValue().lists.size()));
    }
    out.printf(
        "requests per unchanged redeploy <= pairs: %s (%s)%n",
        all ? "yes" : "no", String.join(", ", details));
    out.flush();
  }

  private static JsonNode ok(JsonNode answer, String what) {
    if (!answer.path("successful").asBoolean()) {
      throw new IllegalStateException(what + " failed: " + answer.path("description"));
    }
    return answer;
  }

  /** An answer that must have changed nothing; said, not thrown, when it did. */
  private JsonNode unchanged(JsonNode answer, String what) {
    ok(answer, what);
    if (!answer.path("changeId").isNull() || answer.path("changes").size() > 0) {
      out.printf("warning: %s changed something: %s%n", what, answer.path("description"));
    }
    return answer;
  }

  private int number(String name, int otherwise) {
    return Integer.parseInt(options.getOrDefault(name, Integer.toString(otherwise)));
  }

  private static String loadAverage() {
    return String.format(
        Locale.ROOT,
        "load average %.1f at the start",
        java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
  }

  private static Map<String, Long> delta(Map<String, Long> before, Map<String, Long> after) {
    var delta = new TreeMap<String, Long>();
    after.forEach(
        (verb, count) -> {
          var d = count - before.getOrDefault(verb, 0L);
          if (d != 0) {
            delta.put(verb, d);
          }
        });
    return delta;
  }

  private static Map<String, Double> meanVerbs(List<Sample> samples) {
    var sums = new TreeMap<String, Double>();
    samples.forEach(
        s -> s.requests().forEach((verb, n) -> sums.merge(verb, (double) n, Double::sum)));
    sums.replaceAll((verb, sum) -> sum / samples.size());
    return sums;
  }

  private static List<Long> walls(List<Sample> samples) {
    return samples.stream().map(Sample::wall).toList();
  }

  private static double median(List<Long> values) {
    var sorted = values.stream().sorted().toList();
    var n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2.0;
  }

  /** Nearest rank: with fewer than 100 rounds, the slowest. */
  private static double p99(List<Long> values) {
    var sorted = values.stream().sorted().toList();
    return sorted.get((int) Math.ceil(0.99 * sorted.size()) - 1);
  }

  /** One call: wall nanoseconds, the sandbox's requests by verb, the CPU spent. */
  record Sample(long wall, Map<String, Long> requests, ThreadCpu.Spent cpu) {
    long total() {
      return requests.values().stream().mapToLong(Long::longValue).sum();
    }
  }

  /** One app's samples by phase, its resource count and its (kind, namespace) pairs. */
  static final class AppCost {
    final Map<String, List<Sample>> samples = new HashMap<>();
    final TreeSet<String> kindNamespaces = new TreeSet<>();
    final TreeSet<String> lists = new TreeSet<>();
    int resources;

    void add(String phase, Sample sample) {
      samples.computeIfAbsent(phase, p -> new ArrayList<>()).add(sample);
    }

    /** From a first deploy's changes: every resource, with the namespace it went to. */
    void describe(JsonNode changes) {
      resources = changes.size();
      for (var c : changes) {
        var kindNamespace = c.path("kind").asText() + "/" + c.path("namespace").asText("");
        kindNamespaces.add(kindNamespace);
        lists.add(c.path("apiVersion").asText() + "/" + kindNamespace);
      }
    }

    int pairs() {
      return kindNamespaces.size();
    }
  }
}
