package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.cli.FakeDriftlessServer.Reply;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** ls, inspect, app-change, projections, ghost-diffs: kapp's tables from the query side. */
class QueryCommandsTest {

  private FakeDriftlessServer server;

  @BeforeEach
  void start() throws IOException {
    server = FakeDriftlessServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void lsPrintsKappsAppsTable() {
    server.route(
        "GET /api/apps",
        () ->
            Reply.json(
                200,
                """
                [{"namespace":"default","name":"simple-app","namespaces":["default","web"],
                  "lastChangeSuccessful":true,"lastChangeAt":"2026-11-21T09:58:00Z"}]
                """));

    var run = run("ls");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .isEqualTo(
            """
            Apps in all namespaces

            Namespace  Name        Namespaces   Lcs   Lca
            default    simple-app  default,web  true  2m

            Lcs: Last Change Successful
            Lca: Last Change Age

            1 apps

            Succeeded
            """);
  }

  @Test
  void lsAsksTheQueryServerWhenTheSidesRunApart() throws IOException {
    try (var query = FakeDriftlessServer.start()) {
      query.route("GET /api/apps", () -> Reply.json(200, "[]"));

      var run = run("ls", "--query-server", query.url());

      assertThat(run.exitCode()).as(run.err()).isZero();
      assertThat(query.requests()).hasSize(1);
      assertThat(server.requests()).isEmpty();
    }
  }

  @Test
  void inspectPrintsTheResourcesWithTheirState() {
    server.route(
        "GET /api/apps/default/simple-app/resources",
        () ->
            Reply.json(
                200,
                """
                [{"namespace":"default","name":"simple-app","kind":"Deployment",
                  "apiVersion":"apps/v1","lastOp":"update","lastChangeId":"simple-app-change-000002",
                  "live":true,"drift":"in-sync"},
                 {"namespace":"default","name":"simple-app-config","kind":"ConfigMap",
                  "apiVersion":"v1","lastOp":"create","lastChangeId":"simple-app-change-000001",
                  "live":true,"drift":"drifted"},
                 {"namespace":"default","name":"old","kind":"Service","apiVersion":"v1",
                  "lastOp":"delete","live":false,"drift":null}]
                """));
    server.route(
        "GET /api/apps/default/simple-app",
        () -> Reply.json(200, "{\"driftCount\":1,\"ghostDiffCount\":0}"));

    var run = run("inspect", "-a", "simple-app");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .startsWith(
            """
            Resources in app 'simple-app'

            Namespace  Name               Kind        Owner      Rs       Ri  Age  Last op  Change
            default    simple-app         Deployment  driftless  ok       -   -    update   \
            simple-app-change-000002
            ^          simple-app-config  ConfigMap   driftless  drifted  -   -    create   \
            simple-app-change-000001

            Rs: Reconcile state
            Ri: Reconcile information

            2 resources
            """)
        .contains("Drift: 1, ghost diffs: 0")
        .endsWith("Succeeded\n");
  }

  @Test
  void appChangeShowDiffPrintsTheStoredFieldAndLineDiffs() {
    server.route(
        "GET /api/apps/default/simple-app/changes/simple-app-change-000002",
        () ->
            Reply.json(
                200,
                """
                {"changeId":"simple-app-change-000002","trigger":"deploy","successful":true,
                 "description":"update: Op: 0 create, 0 delete, 1 update, 0 noop, 0 exists",
                 "changes":[{"namespace":"default","name":"simple-app","kind":"Deployment",
                   "apiVersion":"apps/v1","op":"update","waitTo":"reconcile",
                   "fields":[{"path":"spec.replicas","from":1,"to":2,"decidedBy":"desired"},
                     {"path":"spec.paused","from":true,"decidedBy":"desired",
                      "changedBy":"kubectl-edit"}],
                   "diff":" 10, 10   spec:\\n 11     -   replicas: 1\\n     11 +   replicas: 2\\n"}]}
                """));

    var run = run("app-change", "show", "-a", "simple-app", "simple-app-change-000002", "--diff");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains(
            """
            @@ update deployment/simple-app (apps/v1) namespace: default @@
              spec.replicas: 1 -> 2  (desired)
              spec.paused: true -> (none)  (desired, was set by kubectl-edit)
             10, 10   spec:
             11     -   replicas: 1
                 11 +   replicas: 2
            """)
        .contains("Trigger:        deploy");
  }

  @Test
  void appChangeShowPrintsWhyAFailedChangeFailedAndEachRefusal() {
    var refusal =
        "Deployment.apps web is invalid: spec.selector: Invalid value: map[app:web-2]:"
            + " field is immutable";
    server.route(
        "GET /api/apps/default/web/changes/web-change-000002",
        () ->
            Reply.json(
                200,
                """
                {"changeId":"web-change-000002","trigger":"deploy","successful":false,
                 "description":"update: Op: 0 create, 0 delete, 1 update, 0 noop, 0 exists",
                 "error":"%s",
                 "changes":[{"namespace":"default","name":"web","kind":"Deployment",
                   "apiVersion":"apps/v1","op":"update","waitTo":"reconcile","fields":[],
                   "result":"failed","error":"%s"}]}
                """
                    .formatted(refusal, refusal)));

    var run = run("app-change", "show", "-a", "web", "web-change-000002");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("Successful:     false\nError:          " + refusal + "\n")
        .contains("Refused: update deployment/web (apps/v1) namespace: default: " + refusal + "\n");
  }

  @Test
  void appChangeShowSaysAFailedChangeHasNoRecordedReason() {
    server.route(
        "GET /api/apps/default/web/changes/web-change-000003",
        () ->
            Reply.json(
                200,
                """
                {"changeId":"web-change-000003","trigger":"deploy","successful":false,
                 "description":"update","changes":[]}
                """));

    var run = run("app-change", "show", "-a", "web", "web-change-000003");

    assertThat(run.out()).contains("Error:          (no reason was recorded)");
  }

  @Test
  void appChangeListPrintsTheChangesNewestFirst() {
    server.route(
        "GET /api/apps/default/simple-app/changes",
        () ->
            Reply.json(
                200,
                """
                [{"changeId":"simple-app-change-000002","trigger":"deploy",
                  "startedAt":"2026-11-21T09:59:00Z","finishedAt":"2026-11-21T09:59:02Z",
                  "successful":false,"description":"update: ..."}]
                """));

    var run = run("app-change", "list", "-a", "simple-app");

    assertThat(run.out())
        .contains("App changes", "simple-app-change-000002  deploy", "false", "1 app changes");
  }

  @Test
  void projectionsRebuildFollowDrawsTheProgressUntilTheSwap() {
    server.route(
        "POST /api/projections/history/rebuild", () -> Reply.json(202, "{\"rebuildId\":\"r1\"}"));
    server.route(
        "GET /api/projections",
        () ->
            Reply.json(
                200,
                """
                [{"name":"history","status":"live","rebuild":{"rebuildId":"r1","phase":"swapped",
                  "done":10,"total":10,"eventsPerSecond":100.0,"eta":null}}]
                """));

    var run = run("projections", "rebuild", "history", "--follow");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("Rebuild r1 of history started")
        .contains("[##############################] 100%  10/10 events  swapped  100 ev/s")
        .endsWith("Succeeded\n");
  }

  @Test
  void ghostDiffsFiltersByApp() {
    server.route("GET /api/ghost-diffs", () -> Reply.json(200, "[]"));

    var run = run("ghost-diffs", "-a", "simple-app");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests().get(0).query()).isEqualTo("app=default/simple-app");
    assertThat(run.out()).contains("0 ghost diffs");
  }

  @Test
  void ghostDiffsNameWhoSetTheLiveValue() {
    server.route(
        "GET /api/ghost-diffs",
        () ->
            Reply.json(
                200,
                """
                [{"app":"default/web","resource":{"apiVersion":"apps/v1","kind":"Deployment",
                  "namespace":"default","name":"web"},"path":"spec.replicas","desired":2,"live":5,
                  "flips":3,"lastSeenAt":"2026-11-27T10:00:00Z","suggestedRebaseRule":null,
                  "policy":"report","changeId":"web-change-000009","yielded":false,
                  "changedBy":"kube-controller-manager"}]
                """));

    var run = run("ghost-diffs");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("Changed by").contains("kube-controller-manager");
  }

  @Test
  void reportsAnApiErrorInOneLinePlusDetails() {
    server.route(
        "GET /api/apps/default/nope/changes",
        () ->
            Reply.json(
                404,
                "{\"error\":\"not_found\",\"message\":\"No app default/nope.\",\"details\":[]}"));

    var run = run("app-change", "list", "-a", "nope");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).isEqualTo("Error: No app default/nope.\n");
  }

  private CliRun run(String... args) {
    return CliRun.of(List.of(args), "--server", server.url());
  }
}
