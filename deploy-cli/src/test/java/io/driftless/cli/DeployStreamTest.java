package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.cli.FakeDriftlessServer.Reply;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The deploy as kapp shows it: streamed progress, the prompt, exit statuses, the view wait. */
class DeployStreamTest {

  private static final String DEPLOY = "POST /api/apps/default/simple-app/deploy";
  private static final String CHANGES = "GET /api/apps/default/simple-app/changes";

  @TempDir Path manifests;
  private FakeDriftlessServer server;
  private String manifest;

  @BeforeEach
  void start() throws IOException {
    server = FakeDriftlessServer.start();
    manifest = Files.writeString(manifests.resolve("app.yaml"), "kind: ConfigMap\n").toString();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void printsThePlanThenKappsTimestampedProgressLinesThenSucceeded() {
    server.route(DEPLOY, () -> stream("deploy-stream.ndjson"));

    var run = deploy();

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .isEqualTo(
            """
            Changes

            Namespace  Name               Kind        Conds.  Age  Op      Op st.               \
            Wait to    Rs  Ri
            default    simple-app-config  ConfigMap   -       -    create  -                    \
            reconcile  -   -
            ^          simple-app         Deployment  -       -    update  fallback on replace  \
            reconcile  -   -

            Op:      1 create, 0 delete, 1 update, 0 noop, 0 exists
            Wait to: 2 reconcile, 0 delete, 0 noop

            10:00:01AM: ---- applying 2 changes [0/2 done] ----
            10:00:01AM: create configmap/simple-app-config (v1) namespace: default
            10:00:02AM: ongoing: reconcile deployment/simple-app (apps/v1) namespace: default
            10:00:02AM:  ^ Waiting for generation 2 to be observed
            10:00:05AM: ---- waiting complete [2/2 done] ----

            Succeeded
            """);
  }

  @Test
  void asksForTheStreamAndSendsAFreshIdempotencyKeyOnEveryCommand() {
    server.route(DEPLOY, () -> stream("deploy-stream.ndjson"));

    deploy();
    deploy();

    var keys =
        server.requests().stream()
            .filter(request -> request.method().equals("POST"))
            .map(RecordedRequest::idempotencyKey)
            .toList();
    assertThat(keys).hasSize(2).doesNotContainNull().doesNotHaveDuplicates();
    keys.forEach(key -> assertThat(UUID.fromString(key)).isNotNull());
  }

  @Test
  void resendsOnceWithTheSameKeyWhenTheConnectionIsLost() {
    var attempts = new AtomicInteger();
    server.route(
        DEPLOY,
        () ->
            attempts.incrementAndGet() == 1
                ? new Reply(FakeDriftlessServer.DROP, "", "", Map.of())
                : stream("deploy-stream.ndjson"));

    var run = deploy();

    assertThat(run.exitCode()).as(run.err()).isZero();
    var keys =
        server.requests().stream()
            .filter(request -> request.method().equals("POST"))
            .map(RecordedRequest::idempotencyKey)
            .toList();
    assertThat(keys).hasSize(2);
    assertThat(keys.get(1)).isEqualTo(keys.get(0));
  }

  @Test
  void waitsUntilTheHistoryViewReachesTheChangesEventPosition() {
    server.route(DEPLOY, () -> stream("deploy-stream.ndjson"));
    var position = new AtomicInteger(39);
    server.route(
        CHANGES,
        () ->
            Reply.json(200, "[]")
                .withHeader("Driftless-View-Position", "" + position.incrementAndGet()));

    var run = deploy();

    assertThat(run.out()).endsWith("Succeeded\n");
    assertThat(position).hasValue(42);
    assertThat(server.requests()).filteredOn(r -> r.method().equals("GET")).hasSize(3);
  }

  @Test
  void failsWithTheServersReasonWhenTheWaitTimesOut() {
    server.route(DEPLOY, () -> stream("failed-wait-stream.ndjson"));

    var run = deploy("--wait-timeout", "2s");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(server.requests().get(0).query()).isEqualTo("waitTimeout=2s");
    assertThat(run.out()).contains("create deployment/simple-app").doesNotContain("Succeeded");
    assertThat(run.err().lines())
        .containsExactly(
            "Error: Timed out waiting after 2s for resources: [deployment/simple-app (apps/v1)"
                + " namespace: default]",
            "  - create deployment/simple-app: Deployment is not available: 0 of 1 replicas"
                + " available");
  }

  @Test
  void diffRunWithExitStatusExitsThreeWithPendingChanges() {
    server.answers(200, "deploy-answer.json");

    var run = deploy("--diff-run", "--diff-exit-status");

    assertThat(run.exitCode()).isEqualTo(3);
    assertThat(server.requests().get(0).query()).isEqualTo("dryRun=true");
    assertThat(run.err()).contains("Exiting after diffing with pending changes (exit status 3)");
  }

  @Test
  void diffRunWithExitStatusExitsTwoWithoutChanges() {
    server.answers(200, "no-changes-answer.json");

    var run = deploy("--diff-run", "--diff-exit-status");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.out()).contains("Op:      0 create, 0 delete, 0 update, 0 noop, 0 exists");
  }

  @Test
  void passesKappsDiffFlagsAsParameters() {
    server.answers(200, "deploy-answer.json");

    deploy("-c", "--diff-context", "5", "--diff-mask", "false", "--diff-run");

    assertThat(server.requests().get(0).query())
        .isEqualTo("dryRun=true&diffChanges=true&diffContext=5&diffMask=false");
  }

  @Test
  void passesTheApplyModeAndForceConflicts() {
    server.answers(200, "deploy-answer.json");

    deploy("--apply-mode", "server-side", "--force-conflicts", "--diff-run");

    assertThat(server.requests().get(0).query())
        .isEqualTo("dryRun=true&applyMode=server-side&forceConflicts=true");
  }

  @Test
  void onATerminalShowsTheDryRunPlanAndAppliesAfterY() {
    server.route(DEPLOY, () -> Reply.json(200, FakeDriftlessServer.resource("deploy-answer.json")));

    var run = CliRun.withTerminal(CliRun.answering("y"), command(), "--color", "never");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests())
        .extracting(RecordedRequest::query)
        .containsExactly("dryRun=true", null);
    assertThat(run.out())
        .isEqualTo(DeployCommandTest.CHANGES_TABLE + "\nContinue? [yN]: \nSucceeded\n");
  }

  @Test
  void onATerminalAppliesNothingUnlessTheAnswerIsY() {
    server.answers(200, "deploy-answer.json");

    var run = CliRun.withTerminal(CliRun.answering("n"), command(), "--color", "never");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).isEqualTo("Error: Stopped\n");
    assertThat(server.requests()).extracting(RecordedRequest::query).containsExactly("dryRun=true");
  }

  @Test
  void sendsTheTokenOfDriftlessTokenAsBearer() {
    server.answers(200, "deploy-answer.json");

    CliRun.withEnvironment(Map.of("DRIFTLESS_TOKEN", "s3cret"), command().toArray(String[]::new));

    assertThat(server.requests().get(0).authorization()).isEqualTo("Bearer s3cret");
  }

  @Test
  void readsManifestsFromADirectory() throws IOException {
    server.answers(200, "deploy-answer.json");
    var dir = Files.createDirectory(manifests.resolve("app"));
    Files.writeString(dir.resolve("b.yml"), "kind: B\n");
    Files.writeString(dir.resolve("a.yaml"), "kind: A\n");
    Files.writeString(dir.resolve("notes.txt"), "not a manifest\n");

    CliRun.of("deploy", "-a", "simple-app", "-f", dir.toString(), "--server", server.url());

    assertThat(server.requests().get(0).body()).isEqualTo("kind: A\n---\nkind: B\n");
  }

  private CliRun deploy(String... args) {
    return CliRun.of(command(), args);
  }

  private List<String> command() {
    return List.of("deploy", "-a", "simple-app", "-f", manifest, "--server", server.url());
  }

  private static Reply stream(String resource) {
    return new Reply(200, "application/x-ndjson", FakeDriftlessServer.resource(resource), Map.of());
  }
}
