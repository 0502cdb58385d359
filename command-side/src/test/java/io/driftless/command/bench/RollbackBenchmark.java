package io.driftless.command.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.CommandSideApplication;
import io.driftless.command.plan.DesiredAsOf;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.driftless.events.testing.LocalServices;
import java.io.PrintWriter;
import java.util.Arrays;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;

/**
 * A rollback of a large app against a deploy of the same set (issue 27 point 4), through the HTTP
 * API, on a fresh MariaDB database and the sandbox cluster. The app has {@code resources} objects
 * (one Secret in five, the rest ConfigMaps), deployed as state A, then as state B (every object's
 * value changed). Each round then times, from B: a deploy of A (the manifest sent), then, after B
 * is deployed again, a rollback to A's first change; both change every object back to A (one update
 * each). Also times the look-up alone ({@link DesiredAsOf}: the App's stream and one stream per
 * resource). Prints medians and the slowest of each. Not a test: run it with {@code
 * RollbackBenchmarkIT} (command-side README, "Rollback benchmark") or as a main class with the
 * arguments {@code <resources> <rounds>} (250 10).
 */
public final class RollbackBenchmark {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String APP = "rollback-bench";

  private RollbackBenchmark() {}

  public static void main(String[] args) {
    var resources = args.length > 0 ? Integer.parseInt(args[0]) : 250;
    var rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    run(resources, rounds, new PrintWriter(System.out, true));
  }

  /** Runs the benchmark and prints its figures to {@code out}. */
  public static void run(int resources, int rounds, PrintWriter out) {
    var context =
        new SpringApplicationBuilder(CommandSideApplication.class)
            .run(
                "--server.port=0",
                "--spring.datasource.url=" + LocalServices.freshDatabase("driftless_rollback"),
                "--spring.datasource.username=" + LocalServices.jdbcUser(),
                "--spring.datasource.password=" + LocalServices.jdbcPassword(),
                "--driftless.cluster.kubeconfig=" + TestCluster.kubeconfig(),
                "--driftless.reconcile.enabled=false",
                "--logging.level.root=WARN");
    try {
      var api = new Api(((WebServerApplicationContext) context).getWebServer().getPort());
      var lookups = context.getBean(DesiredAsOf.class);
      var stateA = manifest(resources, "a");
      var stateB = manifest(resources, "b");
      var changeA = changeId(deploy(api, stateA));
      deploy(api, stateB);
      var deploys = new long[rounds];
      var rollbacks = new long[rounds];
      var lookupNanos = new long[rounds];
      for (int round = 0; round < rounds; round++) {
        var t0 = System.nanoTime();
        expectUpdates(deploy(api, stateA), resources);
        deploys[round] = System.nanoTime() - t0;
        deploy(api, stateB);
        var t1 = System.nanoTime();
        expectUpdates(rollback(api, changeA), resources);
        rollbacks[round] = System.nanoTime() - t1;
        deploy(api, stateB);
        var t2 = System.nanoTime();
        lookups.of("default/" + APP, changeA).orElseThrow();
        lookupNanos[round] = System.nanoTime() - t2;
      }
      out.printf(
          "app: %d resources (%d Secrets), %d rounds, each change from B back to A: %d updates%n",
          resources, resources / 5, rounds, resources);
      out.printf("deploy of A:        %s%n", figures(deploys));
      out.printf("rollback to A:      %s%n", figures(rollbacks));
      out.printf("  its look-up alone: %s%n", figures(lookupNanos));
    } finally {
      context.close();
    }
  }

  /** {@code count} objects: every fifth a Secret, the others ConfigMaps, with value {@code v}. */
  static String manifest(int count, String value) {
    var yaml = new StringBuilder();
    for (int i = 0; i < count; i++) {
      if (i % 5 == 4) {
        yaml.append("apiVersion: v1\nkind: Secret\nmetadata:\n  name: secret-")
            .append(i)
            .append("\nstringData:\n  password: ")
            .append(value)
            .append("-")
            .append(i)
            .append("\n---\n");
      } else {
        yaml.append("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: config-")
            .append(i)
            .append("\ndata:\n  value: ")
            .append(value)
            .append("-")
            .append(i)
            .append("\n---\n");
      }
    }
    return yaml.toString();
  }

  private static String deploy(Api api, String manifest) {
    return ok(api.deployYaml(APP, manifest));
  }

  private static String rollback(Api api, String to) {
    return ok(api.post("/api/apps/default/" + APP + "/rollback?to=" + to, null));
  }

  private static String ok(java.net.http.HttpResponse<String> response) {
    if (response.statusCode() != 200) {
      throw new IllegalStateException("failed: " + response.statusCode() + " " + response.body());
    }
    return response.body();
  }

  private static String changeId(String body) {
    try {
      return JSON.readTree(body).get("changeId").asText();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static void expectUpdates(String body, int updates) {
    try {
      var answered = JSON.readTree(body).at("/ops/update").asInt();
      if (answered != updates) {
        throw new IllegalStateException(updates + " updates expected: " + body);
      }
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String figures(long[] nanos) {
    var sorted = nanos.clone();
    Arrays.sort(sorted);
    return String.format(
        "median %.0f ms, max %.0f ms",
        sorted[(sorted.length - 1) / 2] / 1e6, sorted[sorted.length - 1] / 1e6);
  }
}
