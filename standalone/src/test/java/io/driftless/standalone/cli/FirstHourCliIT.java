package io.driftless.standalone.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.driftless.command.cluster.ClusterGateway;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 25 through the {@code driftless} CLI, as an operator walks it on day one against the
 * standalone server (embedded defaults, sandbox cluster): an outside edit of a kapp-versioned
 * ConfigMap (point 1), a change broken by an unexpected fault (point 2), a custom resource whose
 * CRD is nowhere (point 4), racing first deploys (point 5) and the way out of a stuck change
 * ({@code app-change abort}). Points 6 and 7 are in {@link CliWalkthroughIT}; point 3 (a restart
 * with v1beta1 CRDs) and point 8 (a clean stop, a second server) need a server process of their
 * own: {@code process/RestartCliIT} and {@code process/CleanStopIT}. Outside edits go through the
 * server's own Kubernetes client, as {@code kubectl} would make them.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(FirstHourCliIT.BrokenOnce.class)
class FirstHourCliIT {

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws IOException {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  /** The name of the object whose first create fails on an unexpected exception (a bug). */
  static final String BROKEN_ONCE = "cli-broken-once";

  static final String BROKEN_MESSAGE = "injected fault: the gateway lost its route";

  /**
   * The server's own cluster gateway, wrapped: the first create of {@link #BROKEN_ONCE} throws an
   * {@link IllegalStateException}, as a bug in the apply path would; every other call goes through.
   * Not a configuration class, so that no component scan finds it; only {@code @Import} does.
   */
  static class BrokenOnce {
    @Bean
    static BeanPostProcessor breakFirstCreate() {
      return new BeanPostProcessor() {
        @Override
        public Object postProcessAfterInitialization(Object bean, String name) {
          return bean instanceof ClusterGateway real ? brokenOnce(real) : bean;
        }
      };
    }

    private static ClusterGateway brokenOnce(ClusterGateway real) {
      var broken = new AtomicBoolean();
      return (ClusterGateway)
          Proxy.newProxyInstance(
              ClusterGateway.class.getClassLoader(),
              new Class<?>[] {ClusterGateway.class},
              (proxy, method, args) -> {
                if (method.getName().equals("create")
                    && args[0].toString().contains(BROKEN_ONCE)
                    && broken.compareAndSet(false, true)) {
                  throw new IllegalStateException(BROKEN_MESSAGE);
                }
                try {
                  return method.invoke(real, args);
                } catch (InvocationTargetException e) {
                  throw e.getCause();
                }
              });
    }
  }

  @LocalServerPort int port;
  @Autowired KubernetesClient cluster;
  @TempDir Path dir;

  /** Point 1: kapp's answer to an edited version, then a version deleted by hand, then delete. */
  @Test
  void anOutsideEditOfAVersionedConfigMapIsPutBackAsTheNextVersionAndTheAppDeletesCleanly()
      throws IOException {
    var manifest = file("versioned.yml", versioned("cli-versioned"));
    var first = cli("deploy", "-a", "cli-versioned", "-f", manifest);
    assertThat(first.exitCode()).as(first.toString()).isZero();
    cluster
        .configMaps()
        .inNamespace("default")
        .withName("cli-versioned-conf-ver-1")
        .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"data\":{\"greeting\":\"edited\"}}");

    var reconcile = cli("reconcile", "-a", "cli-versioned");

    assertThat(reconcile.exitCode()).as(reconcile.toString()).isZero();
    assertThat(reconcile.out())
        .containsPattern("(?m)^default +cli-versioned-conf-ver-2 +ConfigMap .* create ")
        .containsPattern("(?m)^\\^ +cli-versioned +Deployment .* update ")
        .endsWith("Succeeded\n");
    assertThat(mounted("cli-versioned")).isEqualTo("cli-versioned-conf-ver-2");
    var redeploy = cli("deploy", "-a", "cli-versioned", "-f", manifest);
    assertThat(redeploy.exitCode()).as(redeploy.toString()).isZero();
    assertThat(redeploy.out()).contains("Op:      0 create, 0 delete, 0 update, 0 noop, 0 exists");

    cluster.configMaps().inNamespace("default").withName("cli-versioned-conf-ver-2").delete();
    var restored = cli("reconcile", "-a", "cli-versioned");
    assertThat(restored.exitCode()).as(restored.toString()).isZero();
    assertThat(restored.out()).doesNotContain("(?)");

    var delete = cli("delete", "-a", "cli-versioned");
    assertThat(delete.exitCode()).as(delete.toString()).isZero();
    assertThat(delete.out()).endsWith("Succeeded\n");
    assertThat(
            cluster
                .configMaps()
                .inNamespace("default")
                .withLabel("driftless.io/app", "cli-versioned.default")
                .list()
                .getItems())
        .isEmpty();
    assertThat(cluster.apps().deployments().inNamespace("default").withName("cli-versioned").get())
        .isNull();
  }

  /**
   * Point 2: a deploy broken by an unexpected exception fails at once with the exception's message;
   * {@code app-change show} gives the true reason, not "open when the command side stopped"; the
   * next deploy is taken at once.
   */
  @Test
  void aChangeBrokenByAnUnexpectedFaultIsClosedAtOnceWithItsTrueReason() throws IOException {
    var manifest = file("broken.yml", configMap(BROKEN_ONCE, "cli-broken"));

    var broken = cli("deploy", "-a", "cli-broken", "-f", manifest);

    assertThat(broken.exitCode()).as(broken.toString()).isEqualTo(1);
    assertThat(broken.err()).startsWith("Error: ").contains(BROKEN_MESSAGE);
    var show = cli("app-change", "show", "-a", "cli-broken", "cli-broken-change-000001");
    assertThat(show.exitCode()).as(show.toString()).isZero();
    assertThat(show.out())
        .containsPattern("(?m)^Finished at: +\\d{4}-")
        .containsPattern("(?m)^Successful: +false\nError: +.*" + BROKEN_MESSAGE)
        .doesNotContain("stopped");

    var next = cli("deploy", "-a", "cli-broken", "-f", manifest);
    assertThat(next.exitCode()).as("taken at once, not 'in progress': " + next).isZero();
    assertThat(next.out()).contains("Op:      1 create, 0 delete, 0 update");
  }

  /** Point 4: the client's mistake, said as one: the kind, no cluster fault, nothing recorded. */
  @Test
  void aCustomResourceWhoseCrdIsNowhereIsRefusedNamingTheKind() throws IOException {
    var manifest =
        file(
            "orphan.yml",
            """
            apiVersion: nowhere.example.com/v1
            kind: Phantom
            metadata:
              name: cli-phantom
              namespace: default
            spec: {size: 1}
            """);

    var run = cli("deploy", "-a", "cli-phantom", "-f", manifest);

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
    assertThat(run.err())
        .startsWith("Error: ")
        .contains("Phantom")
        .doesNotContainIgnoringCase("cluster_error")
        .doesNotContain("502");
    var none = cli("app-change", "list", "-a", "cli-phantom");
    assertThat(none.exitCode()).as("nothing recorded: " + none).isEqualTo(1);
  }

  /**
   * Point 5: ten CLIs deploy a new app at once. Each either succeeds or is told another change is
   * in progress (or, when two first changes race in the same instant, that one started at the same
   * moment; or, when another change ran between its plan and its start, that the app changed while
   * it was planned: each a 409 that says to deploy again); none sees a server fault.
   */
  @Test
  void racingFirstDeploysEachSucceedOrAreToldAnotherChangeIsInProgress() throws Exception {
    var manifest = file("raced.yml", configMap("cli-raced", "cli-raced"));
    var start = new CountDownLatch(1);
    var racers = new ArrayList<CompletableFuture<CliRun>>();
    for (var i = 0; i < 10; i++) {
      racers.add(
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
                return cli("deploy", "-a", "cli-raced", "-f", manifest);
              }));
    }
    start.countDown();

    var succeeded = 0;
    for (var racer : racers) {
      var run = racer.get(120, TimeUnit.SECONDS);
      if (run.exitCode() == 0) {
        succeeded++;
        assertThat(run.out()).endsWith("Succeeded\n");
      } else {
        assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
        assertThat(run.err())
            .as(run.toString())
            .startsWith("Error: ")
            .containsPattern(
                "default/cli-raced .*(in progress|started at the same moment"
                    + "|changed while this change was planned)")
            .doesNotContain("internal_error", "500");
      }
    }
    assertThat(succeeded).isPositive();
    var changes = cli("app-change", "list", "-a", "cli-raced");
    assertThat(changes.out()).contains("cli-raced-change-000001");
  }

  /**
   * The way out: a deploy waits for an {@code exists} object nobody creates; an admin aborts it
   * with {@code app-change abort}; {@code app-change show} says who and why; the app takes its next
   * deploy at once.
   */
  @Test
  void aStuckChangeIsAbortedWithTheCliAndTheAppTakesTheNextDeploy() throws Exception {
    var awaiting =
        file(
            "stuck.yml",
            """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: cli-never-created
              namespace: default
              annotations: {kapp.k14s.io/exists: ""}
            """);
    var out = new StringWriter();
    var stuckArgs = List.of("deploy", "-a", "cli-stuck", "-f", awaiting, "--wait-timeout", "60s");
    var stuck =
        CompletableFuture.supplyAsync(
            () -> CliRun.run(server(), stuckArgs, out, new StringWriter()));
    await("the deploy waits")
        .atMost(Duration.ofSeconds(60))
        .until(() -> out.toString().contains("---- waiting on 1 changes"));

    var abort =
        cli(
            "app-change",
            "abort",
            "-a",
            "cli-stuck",
            "cli-stuck-change-000001",
            "--reason",
            "nobody creates it & we stop waiting");

    assertThat(abort.exitCode()).as(abort.toString()).isZero();
    assertThat(abort.out())
        .containsPattern("(?m)^Aborted by: +anonymous$")
        .containsPattern("(?m)^Error: +aborted by anonymous: nobody creates it & we stop waiting$");
    var show = cli("app-change", "show", "-a", "cli-stuck", "cli-stuck-change-000001");
    assertThat(show.out())
        .containsPattern(
            "(?m)^Successful: +false\nError: +aborted by anonymous: nobody creates it");
    var next = cli("deploy", "-a", "cli-stuck", "-f", file("next.yml", configMap("cli-next", "x")));
    assertThat(next.exitCode()).as("taken at once: " + next).isZero();
    var again = cli("app-change", "abort", "-a", "cli-stuck", "cli-stuck-change-000001");
    assertThat(again.exitCode()).as(again.toString()).isEqualTo(1);
    assertThat(again.err()).startsWith("Error: ").contains("cli-stuck-change-000001");
    cluster
        .configMaps()
        .inNamespace("default")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("cli-never-created")
                .withNamespace("default")
                .endMetadata()
                .build())
        .create();
    assertThat(stuck.get(90, TimeUnit.SECONDS).exitCode()).isNotNegative();
  }

  private static String versioned(String app) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: APP-conf
          namespace: default
          annotations:
            kapp.k14s.io/versioned: ""
        data:
          greeting: hello
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: APP
          namespace: default
        spec:
          selector:
            matchLabels: {app: APP}
          template:
            metadata:
              labels: {app: APP}
            spec:
              containers:
              - name: web
                image: nginx:1.25
                volumeMounts:
                - {name: conf, mountPath: /etc/conf}
              volumes:
              - name: conf
                configMap: {name: APP-conf}
        """
        .replace("APP", app);
  }

  private static String configMap(String name, String value) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %s
          namespace: default
        data: {key: %s}
        """
        .formatted(name, value);
  }

  private String mounted(String app) {
    return cluster
        .apps()
        .deployments()
        .inNamespace("default")
        .withName(app)
        .get()
        .getSpec()
        .getTemplate()
        .getSpec()
        .getVolumes()
        .get(0)
        .getConfigMap()
        .getName();
  }

  private String file(String name, String yaml) throws IOException {
    return Files.writeString(dir.resolve(name), yaml).toString();
  }

  private CliRun cli(String... args) {
    return CliRun.run(server(), List.of(args));
  }

  private String server() {
    return "http://127.0.0.1:" + port;
  }
}
