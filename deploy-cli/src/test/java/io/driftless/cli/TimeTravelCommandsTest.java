package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.cli.FakeDriftlessServer.Reply;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 on the query side: app-change list/show with provenance, app-change diff, inspect --at
 * and --change, audit, inventory.
 */
class TimeTravelCommandsTest {

  private static final String APP = "/api/apps/default/simple-app";
  private static final String COMPARE =
      """
      {"description":"update: Op: 0 create, 0 delete, 1 update, 0 noop, 0 exists",
       "ops":{"create":0,"delete":0,"update":1,"noop":0,"exists":0},
       "changes":[{"namespace":"default","name":"simple-app","kind":"Deployment",
         "apiVersion":"apps/v1","op":"update","waitTo":"reconcile",
         "fields":[{"path":"spec.replicas","from":1,"to":2,"decidedBy":"desired"}],
         "diff":"@@ update deployment/simple-app (apps/v1) namespace: default @@\\n 11     -   replicas: 1\\n     11 +   replicas: 2\\n"}]}
      """;

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
  void appChangeListShowsTheActorAndTheShortCommit() {
    server.route(
        "GET " + APP + "/changes",
        () ->
            Reply.json(
                200,
                """
                [{"changeId":"simple-app-change-000003","trigger":"rollback",
                  "startedAt":"2026-11-21T09:59:00Z","finishedAt":"2026-11-21T09:59:02Z",
                  "successful":true,"description":"update: ...","actor":"alice",
                  "meta":{"git.commit":"4f2a9c0d1e2f3a4b5c6d"}},
                 {"changeId":"simple-app-change-000002","trigger":"deploy",
                  "startedAt":"2026-11-20T09:59:00Z","finishedAt":"2026-11-20T09:59:02Z",
                  "successful":true,"description":"create: ..."}]
                """));

    var run = run("app-change", "list", "-a", "simple-app");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .isEqualTo(
            """
            App changes

            Name                      Trigger   Started At            Finished At           \
            Successful  Actor  Commit   Description
            simple-app-change-000003  rollback  2026-11-21T09:59:00Z  2026-11-21T09:59:02Z  \
            true        alice  4f2a9c0  update: ...
            simple-app-change-000002  deploy    2026-11-20T09:59:00Z  2026-11-20T09:59:02Z  \
            true        -      -        create: ...

            2 app changes

            Succeeded
            """);
  }

  @Test
  void appChangeShowPrintsWhoAskedWhyAndWhatItRolledBackTo() {
    server.route(
        "GET " + APP + "/changes/simple-app-change-000003",
        () ->
            Reply.json(
                200,
                """
                {"changeId":"simple-app-change-000003","trigger":"rollback",
                 "startedAt":"2026-11-21T09:59:00Z","finishedAt":"2026-11-21T09:59:02Z",
                 "successful":true,"description":"update: ...","actor":"alice",
                 "client":"driftless-cli/0.1.0","message":"bad release",
                 "meta":{"pipeline.run":"12","git.commit":"4f2a9c0"},
                 "rolledBackTo":"simple-app-change-000001","changes":[]}
                """));

    var run = run("app-change", "show", "-a", "simple-app", "simple-app-change-000003");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .startsWith(
            """
            Change ID:      simple-app-change-000003
            Trigger:        rollback
            Rolled back to: simple-app-change-000001
            Started at:     2026-11-21T09:59:00Z
            Finished at:    2026-11-21T09:59:02Z
            Successful:     true
            Actor:          alice
            Client:         driftless-cli/0.1.0
            Message:        bad release
            Meta:           git.commit=4f2a9c0
                            pipeline.run=12
            Description:    update: ...

            Changes
            """);
  }

  @Test
  void appChangeShowPrintsADashForProvenanceAnOlderChangeLacks() {
    server.route(
        "GET " + APP + "/changes/simple-app-change-000001",
        () -> Reply.json(200, "{\"trigger\":\"deploy\",\"successful\":true,\"changes\":[]}"));

    var run = run("app-change", "show", "-a", "simple-app", "simple-app-change-000001");

    assertThat(run.out())
        .contains("Actor:          -\nClient:         -\nMessage:        -\nMeta:           -\n")
        .doesNotContain("Rolled back to");
  }

  @Test
  void appChangeDiffComparesTwoChangesAndPrintsTheLineDiffsAndTheTable() {
    server.route("GET " + APP + "/compare", () -> Reply.json(200, COMPARE));

    var run =
        run(
            "app-change",
            "diff",
            "-a",
            "simple-app",
            "simple-app-change-000002",
            "simple-app-change-000005");

    assertThat(run.exitCode()).as(run.err()).isZero();
    var request = server.requests().get(0);
    assertThat(request.path()).isEqualTo(APP + "/compare");
    assertThat(request.query())
        .isEqualTo("from=simple-app-change-000002&to=simple-app-change-000005&diffChanges=true");
    assertThat(run.out())
        .isEqualTo(
            """
            Desired set of simple-app-change-000002 against simple-app-change-000005 (as if the \
            first were live and the second deployed)

            @@ update deployment/simple-app (apps/v1) namespace: default @@
             11     -   replicas: 1
                 11 +   replicas: 2

            Changes

            Namespace  Name        Kind        Conds.  Age  Op      Op st.  Wait to    Rs  Ri
            default    simple-app  Deployment  -       -    update  -       reconcile  -   -

            Op:      0 create, 0 delete, 1 update, 0 noop, 0 exists
            Wait to: 1 reconcile, 0 delete, 0 noop

            Succeeded
            """);
  }

  @Test
  void appChangeDiffWithoutToComparesWithTheNewestChange() {
    server.route("GET " + APP + "/compare", () -> Reply.json(200, COMPARE));

    var run =
        run(
            "app-change",
            "diff",
            "-a",
            "simple-app",
            "simple-app-change-000002",
            "--diff-context",
            "4");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests().get(0).query())
        .isEqualTo("from=simple-app-change-000002&diffChanges=true&diffContext=4");
    assertThat(run.out()).startsWith("Desired set of simple-app-change-000002 against the newest");
  }

  @Test
  void inspectAtATimeListsTheDesiredResourcesAsOfTheChangeBefore() {
    server.route(
        "GET " + APP + "/desired",
        () ->
            Reply.json(
                200,
                """
                {"app":"default/simple-app",
                 "asOf":{"changeId":"simple-app-change-000002","at":"2026-11-20T09:59:00Z"},
                 "resources":[
                   {"apiVersion":"v1","kind":"ConfigMap",
                    "metadata":{"name":"simple-app-config","namespace":"default"}},
                   {"apiVersion":"rbac.authorization.k8s.io/v1","kind":"ClusterRole",
                    "metadata":{"name":"reader"}}]}
                """));

    var run = run("inspect", "-a", "simple-app", "--at", "2026-11-20T11:00:00+01:00");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests().get(0).query()).isEqualTo("at=2026-11-20T10:00:00Z");
    assertThat(server.requests().get(0).header("Accept")).isEqualTo("application/json");
    assertThat(run.out())
        .isEqualTo(
            """
            Desired resources of app 'simple-app'
            as of change simple-app-change-000002 (2026-11-20T09:59:00Z)

            Namespace  Name               Kind         API version
            default    simple-app-config  ConfigMap    v1
            (cluster)  reader             ClusterRole  rbac.authorization.k8s.io/v1

            2 resources

            Succeeded
            """);
  }

  @Test
  void inspectAChangeAsYamlAsksForYamlAndPrintsItAsItCame() {
    var yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: simple-app-config\n";
    server.route(
        "GET " + APP + "/desired", () -> new Reply(200, "application/yaml", yaml, Map.of()));

    var run = run("inspect", "-a", "simple-app", "--change", "simple-app-change-000002", "--yaml");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests().get(0).query()).isEqualTo("change=simple-app-change-000002");
    assertThat(server.requests().get(0).header("Accept")).isEqualTo("application/yaml");
    assertThat(run.out()).isEqualTo(yaml);
  }

  @Test
  void inspectTakesEitherATimeOrAChangeNotBoth() {
    var both = run("inspect", "-a", "x", "--at", "2026-11-20T10:00:00Z", "--change", "x-change-1");
    var yamlAlone = run("inspect", "-a", "x", "--yaml");
    var badTime = run("inspect", "-a", "x", "--at", "yesterday");

    assertThat(both.exitCode()).isEqualTo(2);
    assertThat(both.err()).contains("--at and --change are mutually exclusive");
    assertThat(yamlAlone.exitCode()).isEqualTo(2);
    assertThat(yamlAlone.err()).contains("--yaml needs --at TIME or --change CHANGE");
    assertThat(badTime.exitCode()).isEqualTo(1);
    assertThat(badTime.err()).contains("--at 'yesterday' is not an ISO-8601 time");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void auditSendsEveryFilterAndPrintsTheChangesOfAllApps() {
    server.route(
        "GET /api/changes",
        () ->
            Reply.json(
                200,
                """
                [{"app":"default/simple-app","changeId":"simple-app-change-000003",
                  "trigger":"deploy","startedAt":"2026-11-21T09:59:00Z","successful":false,
                  "description":"update: ...","actor":"alice",
                  "meta":{"git.commit":"4f2a9c0d1e2f","ticket":"OPS-1"}}]
                """));

    var run =
        run(
            "audit",
            "--actor",
            "alice",
            "--trigger",
            "deploy",
            "--successful",
            "false",
            "--app",
            "default/simple-app",
            "--since",
            "2026-11-20T00:00:00Z",
            "--until",
            "2026-11-22T00:00:00Z",
            "--meta",
            "ticket=OPS-1",
            "--meta",
            "env=a&b",
            "--limit",
            "1",
            "--before",
            "2026-11-22T00:00:00Z,default/x,x-change-000009");

    assertThat(run.exitCode()).as(run.err()).isZero();
    var request = server.requests().get(0);
    assertThat(request.path()).isEqualTo("/api/changes");
    assertThat(request.query())
        .isEqualTo(
            "actor=alice&trigger=deploy&successful=false&app=default/simple-app"
                + "&since=2026-11-20T00:00:00Z&until=2026-11-22T00:00:00Z&meta.ticket=OPS-1"
                + "&meta.env=a&b&limit=1&before=2026-11-22T00:00:00Z,default/x,x-change-000009");
    assertThat(run.out())
        .isEqualTo(
            """
            Changes of all apps

            Started At            App                 Change                    Trigger  Actor  \
            Successful  Commit   Description
            2026-11-21T09:59:00Z  default/simple-app  simple-app-change-000003  deploy   alice  \
            false       4f2a9c0  update: ...

            1 changes

            Next page: --before '2026-11-21T09:59:00Z,default/simple-app,simple-app-change-000003'

            Succeeded
            """);
  }

  @Test
  void auditEncodesAValueSoItStaysOneParameter() {
    server.route("GET /api/changes", () -> Reply.json(200, "[]"));

    run("audit", "--meta", "env=a&b=c+d", "--app", "default/x");

    assertThat(server.requests().get(0).rawQuery())
        .isEqualTo("app=default%2Fx&meta.env=a%26b%3Dc%2Bd");
  }

  @Test
  void auditPrintsTheServersNextPageCursorWhenItSendsOne() {
    server.route(
        "GET /api/changes", () -> Reply.json(200, "[]").withHeader("Driftless-Next-Before", "c1"));

    var run = run("audit");

    assertThat(run.out()).endsWith("0 changes\n\nNext page: --before 'c1'\n\nSucceeded\n");
  }

  @Test
  void inventorySendsItsFiltersAndPrintsWhoOwnsWhat() {
    server.route(
        "GET /api/inventory",
        () ->
            Reply.json(
                    200,
                    """
                [{"app":"default/web","apiVersion":"apps/v1","kind":"Deployment",
                  "namespace":"web","name":"web","images":["nginx:1.25","busybox:1.36"],
                  "sinceChangeId":"web-change-000004","since":"2026-11-19T08:00:00Z"},
                 {"app":"default/web","apiVersion":"v1","kind":"Namespace",
                  "namespace":"","name":"web","images":[],
                  "sinceChangeId":"web-change-000001","since":"2026-11-01T08:00:00Z"}]
                """)
                .withHeader("Driftless-Next-Before", "2026-11-01T08:00:00Z~r1"));

    var run =
        run(
            "inventory",
            "--image",
            "nginx",
            "--kind",
            "Deployment",
            "--namespace",
            "web",
            "--name",
            "web",
            "--label",
            "tier=front",
            "--app",
            "default/web",
            "--at",
            "2026-11-24T14:00:00Z",
            "--limit",
            "50");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests().get(0).query())
        .isEqualTo(
            "at=2026-11-24T14:00:00Z&kind=Deployment&namespace=web&name=web&image=nginx"
                + "&label=tier=front&app=default/web&limit=50");
    assertThat(run.out())
        .isEqualTo(
            """
            Objects owned by apps at 2026-11-24T14:00:00Z

            App          Kind        Namespace  Name  Images                   Since                 \
            Since change
            default/web  Deployment  web        web   nginx:1.25,busybox:1.36  \
            2026-11-19T08:00:00Z  web-change-000004
            ^            Namespace   (cluster)  web   -                        2026-11-01T08:00:00Z  \
            web-change-000001

            2 objects

            Next page: --before '2026-11-01T08:00:00Z~r1'

            Succeeded
            """);
  }

  @Test
  void queriesSayWhichClientAsks() {
    server.route("GET /api/inventory", () -> Reply.json(200, "[]"));

    run("inventory");

    assertThat(server.requests().get(0).header("User-Agent")).startsWith("driftless-cli/");
    assertThat(server.requests().get(0).query()).isNull();
  }

  private CliRun run(String... args) {
    return CliRun.of(List.of(args), "--server", server.url());
  }
}
