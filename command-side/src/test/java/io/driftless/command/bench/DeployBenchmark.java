package io.driftless.command.bench;

import io.driftless.command.CommandSideApplication;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.driftless.events.testing.LocalServices;
import java.util.Arrays;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;

/**
 * Sequential deploys of a two-resource app (a Service and a Deployment whose env value changes
 * every time, so every deploy is a real change: one update, one noop, three events) through the
 * HTTP API, against a fresh MariaDB database and the sandbox cluster. Prints commands/s and latency
 * percentiles. Not a test: run it with
 *
 * <pre>
 * ./mvnw -q -B install -DskipTests &amp;&amp; ./mvnw -q -B -pl command-side exec:java \
 *   -Dexec.classpathScope=test -Dexec.mainClass=io.driftless.command.bench.DeployBenchmark \
 *   -Dexec.args="1000"
 * </pre>
 */
public final class DeployBenchmark {

  private static final String MANIFEST =
      """
      apiVersion: v1
      kind: Service
      metadata:
        name: bench-app
      spec:
        ports:
        - port: 80
          targetPort: 8080
        selector:
          app: bench-app
      ---
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: bench-app
      spec:
        replicas: 2
        selector:
          matchLabels:
            app: bench-app
        template:
          metadata:
            labels:
              app: bench-app
          spec:
            containers:
            - name: app
              image: nginx:1.27
              env:
              - name: BUILD
                value: "%d"
      """;

  private DeployBenchmark() {}

  public static void main(String[] args) {
    var deploys = args.length > 0 ? Integer.parseInt(args[0]) : 1000;
    var warmup = Math.min(50, deploys / 10);
    var context =
        new SpringApplicationBuilder(CommandSideApplication.class)
            .run(
                "--server.port=0",
                "--spring.datasource.url=" + LocalServices.freshDatabase("driftless_bench"),
                "--spring.datasource.username=" + LocalServices.jdbcUser(),
                "--spring.datasource.password=" + LocalServices.jdbcPassword(),
                "--driftless.cluster.kubeconfig=" + TestCluster.kubeconfig(),
                "--logging.level.root=WARN");
    var url = context.getEnvironment().getProperty("spring.datasource.url");
    if (!url.startsWith("jdbc:mariadb:")) {
      throw new IllegalStateException("the benchmark must run on MariaDB, not " + url);
    }
    try {
      var port = ((WebServerApplicationContext) context).getWebServer().getPort();
      var api = new Api(port);
      for (int i = 0; i < warmup; i++) {
        deploy(api, -1 - i);
      }
      var nanos = new long[deploys];
      var start = System.nanoTime();
      for (int i = 0; i < deploys; i++) {
        var t0 = System.nanoTime();
        deploy(api, i);
        nanos[i] = System.nanoTime() - t0;
      }
      var seconds = (System.nanoTime() - start) / 1e9;
      report(deploys, warmup, seconds, nanos);
    } finally {
      context.close();
    }
  }

  private static void deploy(Api api, int build) {
    var response = api.deployYaml("bench-app", MANIFEST.formatted(build));
    if (response.statusCode() != 200 || !response.body().contains("\"changeId\":\"bench-app")) {
      throw new IllegalStateException("deploy failed: " + response.body());
    }
  }

  private static void report(int deploys, int warmup, double seconds, long[] nanos) {
    var firstTenth = Arrays.copyOfRange(nanos, 0, Math.max(1, deploys / 10));
    var lastTenth = Arrays.copyOfRange(nanos, deploys - Math.max(1, deploys / 10), deploys);
    Arrays.sort(nanos);
    Arrays.sort(firstTenth);
    Arrays.sort(lastTenth);
    System.out.printf(
        "deploys: %d sequential (after %d warm-up), each one update + one noop, 3 events%n",
        deploys, warmup);
    System.out.printf("throughput: %.1f commands/s (%.2f s)%n", deploys / seconds, seconds);
    System.out.printf(
        "latency: p50 %.1f ms, p99 %.1f ms, max %.1f ms%n",
        ms(nanos, 0.50), ms(nanos, 0.99), nanos[nanos.length - 1] / 1e6);
    System.out.printf(
        "p50 of the first tenth %.1f ms, of the last tenth %.1f ms%n",
        ms(firstTenth, 0.5), ms(lastTenth, 0.5));
  }

  private static double ms(long[] sorted, double quantile) {
    var index = (int) Math.ceil(quantile * sorted.length) - 1;
    return sorted[Math.max(0, index)] / 1e6;
  }
}
