package io.driftless.standalone.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.driftless.events.testing.SideProcess;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.controllers.Controller;
import io.driftless.standalone.EmbeddedServers;
import java.io.IOException;
import java.io.StringWriter;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The {@code driftless} CLI against a standalone server started in the test (embedded defaults: H2,
 * sandbox cluster): kapp's simple-app walkthrough (v1, v2, v2 again, delete) with kapp's tables,
 * {@code Op:} lines and {@code Succeeded}; {@code --diff-run --diff-exit-status}; the API's message
 * for a malformed manifest; {@code --wait-timeout}; and kapp's prompt answered through a
 * pseudo-terminal ({@code script(1)}).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class CliWalkthroughIT {

  private static final Path EXAMPLES = Path.of("..", "examples");

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws IOException {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @TempDir Path dir;

  @AfterEach
  void controllersBackOn() {
    Controller.defaults().forEach(sandbox::enable);
  }

  @Test
  void simpleAppWalkthroughPrintsKappsTablesAndWaitsForTheHistoryView() {
    var v1 = cli("deploy", "-a", "simple-app", "-f", example("simple-app-v1.yml"));

    assertThat(v1.exitCode()).as(v1.toString()).isZero();
    assertThat(v1.out())
        .startsWith("Changes\n\nNamespace  Name        Kind        Conds.  Age  Op      Op st.")
        .containsPattern(
            "(?m)^default    simple-app  (Service|Deployment) .* create  -       reconcile")
        .containsPattern("(?m)^\\^          simple-app  (Service|Deployment) .* create")
        .contains("Op:      2 create, 0 delete, 0 update, 0 noop, 0 exists\n")
        .contains("Wait to: 2 reconcile, 0 delete, 0 noop\n")
        // kapp's timestamped progress lines, from the server's stream
        .containsPattern(
            "(?m)^\\d{1,2}:\\d{2}:\\d{2}[AP]M: create deployment/simple-app \\(apps/v1\\) namespace:"
                + " default$")
        .containsPattern(
            "(?m)^\\d{1,2}:\\d{2}:\\d{2}[AP]M: ok: reconcile deployment/simple-app \\(apps/v1\\)"
                + " namespace: default$")
        .endsWith("\nSucceeded\n");
    assertHistoryShows("simple-app-change-000001");

    var v2 = cli("deploy", "-a", "simple-app", "-f", example("simple-app-v2.yml"));
    assertThat(v2.exitCode()).as(v2.toString()).isZero();
    assertThat(v2.out())
        .contains("Op:      2 create, 1 delete, 1 update, 0 noop, 0 exists")
        // The live Deployment's Conds., Age, Rs (the sandbox's controller made it available);
        // the Service to delete exists too; the objects to create have none.
        .containsPattern(
            "(?m)^\\^ +simple-app +Deployment +\\d+/\\d+ t +\\d+s +update +- +reconcile +ok +-?$")
        .containsPattern("(?m)^\\^ +simple-app +Service +- +\\d+s +delete +- +delete +ok +-?$")
        .containsPattern("(?m)^default +simple-app +ConfigMap +- +- +create ")
        .endsWith("Succeeded\n");
    assertHistoryShows("simple-app-change-000002");

    var again = cli("deploy", "-a", "simple-app", "-f", example("simple-app-v2.yml"));
    assertThat(again.exitCode()).as(again.toString()).isZero();
    assertThat(again.out())
        .contains("Op:      0 create, 0 delete, 0 update, 0 noop, 0 exists")
        .endsWith("Succeeded\n");

    var changes = cli("app-change", "list", "-a", "simple-app");
    assertThat(changes.out())
        .contains("simple-app-change-000002", "simple-app-change-000001", "2 app changes");
    var show = cli("app-change", "show", "-a", "simple-app", "simple-app-change-000002", "--diff");
    assertThat(show.exitCode()).as(show.toString()).isZero();
    assertThat(show.out())
        .contains("@@ update deployment/simple-app (apps/v1) namespace: default @@");

    var delete = cli("delete", "-a", "simple-app");
    assertThat(delete.exitCode()).as(delete.toString()).isZero();
    assertThat(delete.out()).contains(" delete ").endsWith("Succeeded\n");
  }

  @Test
  void diffRunExitStatusIsThreeWithPendingChangesAndTwoWithout() {
    var pending =
        cli("deploy", "-a", "diffed", "-f", renamed("diffed"), "--diff-run", "--diff-exit-status");
    assertThat(pending.exitCode()).as(pending.toString()).isEqualTo(3);

    assertThat(cli("deploy", "-a", "diffed", "-f", renamed("diffed")).exitCode()).isZero();
    var none =
        cli("deploy", "-a", "diffed", "-f", renamed("diffed"), "--diff-run", "--diff-exit-status");
    assertThat(none.exitCode()).as(none.toString()).isEqualTo(2);
    assertThat(none.out()).contains("Op:      0 create, 0 delete, 0 update, 0 noop, 0 exists");
  }

  @Test
  void malformedManifestExitsOneWithTheApisMessage() throws IOException {
    var manifest = Files.writeString(dir.resolve("bad.yml"), "apiVersion: v1\nkind: ConfigMap\n");

    var run = cli("deploy", "-a", "bad", "-f", manifest.toString());

    assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).startsWith("Error: ").contains("name").doesNotContain("\tat ");
  }

  @Test
  void aDeploymentThatNeverBecomesAvailableFailsAfterTheWaitTimeoutWithTheReason()
      throws IOException {
    // The sandbox's workload controller, switched off, never reports the Deployment's status.
    sandbox.disable(Controller.WORKLOAD_STATUS);
    var manifest =
        Files.writeString(
            dir.resolve("never.yml"),
            """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: never-ready
              namespace: default
            spec:
              selector:
                matchLabels: {app: never-ready}
              template:
                metadata:
                  labels: {app: never-ready}
                spec:
                  containers:
                  - name: app
                    image: nginx:1.27
            """);
    var started = System.nanoTime();

    var run = cli("deploy", "-a", "never", "-f", manifest.toString(), "--wait-timeout", "2s");

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThan(Duration.ofSeconds(2));
    assertThat(run.exitCode()).as(run.toString()).isEqualTo(1);
    assertThat(run.out())
        .contains("ongoing: reconcile deployment/never-ready")
        .doesNotContain("Succeeded");
    assertThat(run.err())
        .startsWith("Error: ")
        .contains("Timed out waiting after 2s", "deployment/never-ready");
  }

  /**
   * Issue 25, point 6: a deploy changing a Deployment's immutable {@code spec.selector} is refused
   * by the cluster (422); {@code app-change show} of that change prints the cluster's words.
   */
  @Test
  void appChangeShowOfARefusedChangePrintsTheClustersReason() throws IOException {
    var first = cli("deploy", "-a", "selector", "-f", selectorDeployment("selector-a"));
    assertThat(first.exitCode()).as(first.toString()).isZero();
    var refused = cli("deploy", "-a", "selector", "-f", selectorDeployment("selector-b"));
    assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(1);
    assertHistoryShows("selector-change-000002", "selector");

    var show = cli("app-change", "show", "-a", "selector", "selector-change-000002");

    assertThat(show.exitCode()).as(show.toString()).isZero();
    assertThat(show.out())
        .containsPattern("(?m)^Successful: +false\nError: +.*spec\\.selector.*field is immutable")
        .containsPattern(
            "(?m)^Refused: update deployment/selector \\(apps/v1\\) namespace: default: .*"
                + "spec\\.selector.*field is immutable$");
  }

  private String selectorDeployment(String label) throws IOException {
    return Files.writeString(
            dir.resolve(label + ".yml"),
            """
            apiVersion: apps/v1
            kind: Deployment
            metadata:
              name: selector
              namespace: default
            spec:
              selector:
                matchLabels: {app: %s}
              template:
                metadata:
                  labels: {app: %s}
                spec:
                  containers:
                  - name: app
                    image: nginx:1.27
            """
                .formatted(label, label))
        .toString();
  }

  /**
   * Issue 25, point 7: a deploy waiting for a {@code kapp.k14s.io/exists} object prints kapp's
   * {@code ---- waiting on 1 changes [0/1 done] ----} and the object's {@code ongoing:} line every
   * few seconds (the server's default period, 5 s) until someone else creates it; then it succeeds.
   */
  @Test
  void aDeployWaitingForAnExistsObjectPrintsWhatItWaitsOnUntilTheObjectAppears() throws Exception {
    var manifest =
        Files.writeString(
            dir.resolve("awaiting.yml"),
            """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: cli-awaited
              namespace: default
              annotations: {kapp.k14s.io/exists: ""}
            data: {key: value}
            """);
    var out = new StringWriter();
    var err = new StringWriter();
    var args =
        List.of("deploy", "-a", "awaiting", "-f", manifest.toString(), "--wait-timeout", "90s");
    var running = CompletableFuture.supplyAsync(() -> CliRun.run(server(), args, out, err));

    await("the CLI says what it waits on")
        .atMost(Duration.ofSeconds(60))
        .until(() -> out.toString().contains("---- waiting on 1 changes"));
    createConfigMapOutside("cli-awaited");
    var run = running.get(60, TimeUnit.SECONDS);

    assertThat(run.exitCode()).as(run.toString()).isZero();
    assertThat(run.out())
        .containsPattern(
            "(?m)^\\d{1,2}:\\d{2}:\\d{2}[AP]M: ---- waiting on 1 changes \\[0/1 done\\] ----$")
        .containsPattern(
            "(?m)^\\d{1,2}:\\d{2}:\\d{2}[AP]M: ongoing: reconcile configmap/cli-awaited \\(v1\\)"
                + " namespace: default$")
        .endsWith("Succeeded\n");
  }

  /** What {@code kubectl create configmap} does, at the sandbox's API server. */
  private void createConfigMapOutside(String name) throws Exception {
    var body =
        "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\""
            + name
            + "\",\"namespace\":\"default\"},\"data\":{\"key\":\"theirs\"}}";
    var response =
        EmbeddedServers.sandboxClient(sandbox)
            .send(
                EmbeddedServers.sandboxRequest(
                        sandbox, sandbox.url() + "/api/v1/namespaces/default/configmaps")
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
  }

  @Test
  void thePromptThroughAPseudoTerminalAppliesOnYAndNothingOtherwise() throws Exception {
    var refused = throughTerminal("n\n", "refused");
    assertThat(refused.out()).contains("Continue? [yN]:").doesNotContain("Succeeded");
    assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(1);
    var none = cli("app-change", "list", "-a", "refused");
    assertThat(none.exitCode()).as("no change recorded: " + none).isEqualTo(1);

    var accepted = throughTerminal("y\n", "accepted");
    assertThat(accepted.exitCode()).as(accepted.toString()).isZero();
    assertThat(accepted.out()).contains("Continue? [yN]:", "Succeeded");
    assertHistoryShows("accepted-change-000001", "accepted");
  }

  /** The CLI as its own process on a pseudo-terminal: script(1) from util-linux. */
  private CliRun throughTerminal(String answer, String app) throws Exception {
    var command = new ArrayList<String>();
    command.add(javaBinary());
    command.addAll(SideProcess.childJvmOptions());
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add("io.driftless.cli.DriftlessCli");
    command.addAll(List.of("deploy", "-a", app, "-f", renamed(app), "--server", server()));
    var transcript = dir.resolve(app + ".out");
    var process =
        new ProcessBuilder("script", "-qec", shellQuote(command), "/dev/null")
            .redirectOutput(transcript.toFile())
            .redirectErrorStream(true)
            .start();
    // The prompt comes after a dry run; answering early is fine: the pty buffers the line.
    try (var stdin = process.getOutputStream()) {
      stdin.write(answer.getBytes(StandardCharsets.UTF_8));
    }
    assertThat(process.waitFor(90, TimeUnit.SECONDS)).isTrue();
    var out = Files.readString(transcript).replace("\r\n", "\n");
    return new CliRun(process.exitValue(), out, "");
  }

  private void assertHistoryShows(String changeId) {
    assertHistoryShows(changeId, "simple-app");
  }

  /** Right after Succeeded, without waiting: the CLI waited for the view itself. */
  private void assertHistoryShows(String changeId, String app) {
    var list = cli("app-change", "list", "-a", app, "--json");
    if (list.out().contains(changeId)) {
      return;
    }
    // A server without event positions gives the CLI nothing to wait for (docs/API.md).
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                assertThat(cli("app-change", "list", "-a", app, "--json").out())
                    .contains(changeId));
  }

  private CliRun cli(String... args) {
    return CliRun.run(server(), List.of(args));
  }

  private String server() {
    return "http://127.0.0.1:" + port;
  }

  /**
   * simple-app v1 with every {@code simple-app} renamed to {@code app}: the tests share one sandbox
   * cluster, and an object belongs to one app.
   */
  private String renamed(String app) {
    try {
      var yaml = Files.readString(EXAMPLES.resolve("simple-app-v1.yml")).replace("simple-app", app);
      return Files.writeString(dir.resolve(app + ".yml"), yaml).toString();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static String example(String file) {
    return EXAMPLES.resolve(file).toString();
  }

  private static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String shellQuote(List<String> words) {
    var line = new StringBuilder();
    for (var word : words) {
      line.append('\'').append(word.replace("'", "'\\''")).append("' ");
    }
    return line.toString();
  }
}
