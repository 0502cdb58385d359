package io.driftless.standalone;

import static io.driftless.standalone.GhostDiffFixtures.deployment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.controllers.Controller;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 12 end to end through the standalone server's HTTP API: the command side's ghost-diff
 * detection, yield and reconciles (command-side README, "Ghost diffs", "Reconcile") seen through
 * the query side's drift view, inventory, overview and history (query-side README, "Drift and ghost
 * diffs"), on H2 and the sandbox cluster with its simulated controllers, in one JVM.
 *
 * <p>Periodic reconciles run here (the standalone test configuration turns them off): the
 * overview's {@code lastReconcileAt} comes from the command side's {@code reconcile_lease} row,
 * which only the periodic reconciler writes; {@code POST .../reconcile} does not. Each app's first
 * periodic reconcile runs one server sync period (2 s here) after the scheduler finds the app; apps
 * driven by explicit reconciles are deployed with {@code syncPeriod=1h} and wait for that first run
 * (a noop) before anything else happens, so no background reconcile counts a flip or meets an
 * explicit one (409). Watch triggers are off for the same reason.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "driftless.reconcile.enabled=true",
      "driftless.reconcile.sync-period=2s",
      "driftless.reconcile.jitter=0",
      "driftless.reconcile.watch.enabled=false"
    })
class GhostDiffEndToEndIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration VIEWS = Duration.ofSeconds(60);
  private static final String NS = "default";

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void anHpaOutsideTheAppIsReportedAsAGhostDiffInEveryView() throws Exception {
    var app = "fought";
    ok(deploy(app, deployment(app, 2, ""), "?syncPeriod=1h"));
    var periodic = awaitFirstPeriodicReconcile(app, "noop");
    foreignHpa(app + "-hpa", app, 5);
    assertThat(liveReplicas(app)).as("the autoscaler scaled the new HPA's target").isEqualTo(5);

    var first = reconcile(app);
    assertThat(first.get("changeId").asText()).isEqualTo("fought-change-000002");
    assertThat(liveReplicas(app)).as("the autoscaler sets it back after the write").isEqualTo(5);
    var second = reconcile(app);
    awaitViews(second);
    assertThat(ghostDiffs(app)).as("one flip is no ghost diff yet").isEmpty();
    assertThat(change(app, second.get("changeId").asText()).get("changes")).hasSize(1);

    var third = reconcile(app);

    var thirdId = third.get("changeId").asText();
    awaitViews(third);
    await()
        .atMost(VIEWS)
        .untilAsserted(
            () -> {
              var ghosts = ghostDiffs(app);
              assertThat(ghosts).hasSize(1);
              var ghost = ghosts.get(0);
              assertThat(ghost.get("app").asText()).isEqualTo("default/fought");
              assertThat(ghost.get("resource").toString())
                  .isEqualTo(
                      "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
                          + "\"namespace\":\"default\",\"name\":\"fought\"}");
              assertThat(ghost.get("path").asText()).isEqualTo("spec.replicas");
              assertThat(ghost.get("desired").asInt()).isEqualTo(2);
              assertThat(ghost.get("live").asInt()).isEqualTo(5);
              assertThat(ghost.get("flips").asInt()).isEqualTo(2);
              assertThat(ghost.get("policy").asText()).isEqualTo("report");
              assertThat(ghost.get("changeId").asText()).isEqualTo(thirdId);
              assertThat(ghost.get("yielded").asBoolean()).isFalse();
              assertThat(ghost.get("suggestedRebaseRule").asText())
                  .contains("path: [spec, replicas]")
                  .contains("type: copy")
                  .contains("sources: [existing, new]")
                  .contains("kind: Deployment")
                  .contains("name: fought");
            });
    var overview = get("/api/apps/default/fought");
    assertThat(overview.get("ghostDiffCount").asInt()).isEqualTo(1);
    assertThat(overview.get("driftCount").asInt()).as("the ghost-diff object counts").isEqualTo(1);
    var row = inventoryRow(app, "Deployment", app);
    assertThat(row.get("drift").asText()).isEqualTo("ghost-diff");
    assertThat(row.get("driftChangeId").asText()).isEqualTo(thirdId);

    var changes = get("/api/apps/default/fought/changes");
    assertThat(changes).hasSize(4);
    var reconciles = new ArrayList<String>();
    for (var summary : changes) {
      if (summary.get("trigger").asText().equals("reconcile")) {
        reconciles.add(summary.get("changeId").asText());
      }
    }
    assertThat(reconciles)
        .containsExactly(thirdId, second.get("changeId").asText(), "fought-change-000002");
    for (var id : reconciles) {
      var detail = change(app, id);
      assertThat(detail.get("trigger").asText()).isEqualTo("reconcile");
      var update = detail.get("changes").get(0);
      assertThat(update.get("op").asText()).isEqualTo("update");
      assertThat(update.get("kind").asText()).isEqualTo("Deployment");
      assertThat(update.get("fields")).hasSize(1);
      assertThat(update.at("/fields/0/path").asText()).isEqualTo("spec.replicas");
      assertThat(update.at("/fields/0/from").asInt()).isEqualTo(5);
      assertThat(update.at("/fields/0/to").asInt()).isEqualTo(2);
    }
    var detected = change(app, thirdId).get("changes");
    assertThat(detected).as(detected.toString()).hasSize(2);
    var ghostRow = detected.get(1);
    assertThat(ghostRow.get("op").asText()).isEqualTo("ghost-diff");
    assertThat(ghostRow.get("kind").asText()).isEqualTo("Deployment");
    assertThat(ghostRow.get("name").asText()).isEqualTo(app);
    assertThat(ghostRow.get("fields").toString())
        .isEqualTo(
            "[{\"path\":\"spec.replicas\",\"from\":2,\"to\":5,\"decidedBy\":\"cluster\","
                + "\"flips\":2,\"changedBy\":\"kube-controller-manager\"}]");

    // report: the fight goes on, the one ghost diff counts on
    var fourth = reconcile(app);
    awaitViews(fourth);
    await()
        .atMost(VIEWS)
        .untilAsserted(
            () -> {
              var ghosts = ghostDiffs(app);
              assertThat(ghosts).hasSize(1);
              assertThat(ghosts.get(0).get("flips").asInt()).isEqualTo(3);
              assertThat(ghosts.get(0).get("changeId").asText())
                  .isEqualTo(fourth.get("changeId").asText());
            });
    var after = get("/api/apps/default/fought");
    assertThat(after.get("ghostDiffCount").asInt()).isEqualTo(1);
    assertThat(Instant.parse(after.get("lastReconcileAt").asText()))
        .as("POST .../reconcile does not update reconcile_lease (docs/API.md, overview)")
        .isEqualTo(periodic);
    assertThat(after.get("lastReconcileResult").asText()).isEqualTo("noop");
  }

  @Test
  void underYieldTheYieldShowsAndTheWritesStop() throws Exception {
    var app = "yielding";
    ok(deploy(app, deployment(app, 2, ""), "?syncPeriod=1h&ghostDiffPolicy=yield"));
    awaitFirstPeriodicReconcile(app, "noop");
    foreignHpa(app + "-hpa", app, 5);
    reconcile(app);
    reconcile(app);

    var third = reconcile(app);

    var thirdId = third.get("changeId").asText();
    awaitViews(third);
    await()
        .atMost(VIEWS)
        .untilAsserted(
            () -> {
              var ghosts = ghostDiffs(app);
              assertThat(ghosts).hasSize(1);
              var ghost = ghosts.get(0);
              assertThat(ghost.get("path").asText()).isEqualTo("spec.replicas");
              assertThat(ghost.get("policy").asText()).isEqualTo("yield");
              assertThat(ghost.get("yielded").asBoolean()).isTrue();
              assertThat(ghost.get("yieldedChangeId").asText()).isEqualTo(thirdId);
              assertThat(ghost.get("yieldedAt").isNull()).isFalse();
              assertThat(ghost.get("live").asInt()).isEqualTo(5);
            });
    var rows = change(app, thirdId).get("changes");
    assertThat(rows).as(rows.toString()).hasSize(3);
    assertThat(rows.get(0).get("op").asText()).isEqualTo("update");
    assertThat(rows.get(1).get("op").asText()).isEqualTo("ghost-diff");
    var yield = rows.get(2);
    assertThat(yield.get("op").asText()).isEqualTo("yield");
    assertThat(yield.get("fields").toString())
        .isEqualTo("[{\"path\":\"spec.replicas\",\"to\":5,\"decidedBy\":\"yield\"}]");
    assertThat(inventoryRow(app, "Deployment", app).get("drift").asText()).isEqualTo("yielded");
    var overview = get("/api/apps/default/yielding");
    assertThat(overview.get("ghostDiffCount").asInt()).as("yielded ones are settled").isZero();
    assertThat(overview.get("driftCount").asInt()).isZero();

    var version = sandboxObject(app).at("/metadata/resourceVersion").asText();
    for (int i = 0; i < 3; i++) {
      var answer = reconcile(app);
      assertThat(answer.get("changeId").isNull()).as(answer.toString()).isTrue();
      assertThat(answer.get("changes")).isEmpty();
    }
    assertThat(sandboxObject(app).at("/metadata/resourceVersion").asText())
        .as("no write after the yield")
        .isEqualTo(version);
    assertThat(liveReplicas(app)).isEqualTo(5);
    assertThat(get("/api/apps/default/yielding/changes")).hasSize(4);

    // the drift view rebuilt by replaying the stored events answers the same
    var ghosts = get("/api/ghost-diffs?app=default/yielding");
    var inventory = get("/api/apps/default/yielding/resources");
    var rebuild =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/api/projections/drift/rebuild"))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(rebuild.statusCode()).as(rebuild.body()).isEqualTo(202);
    var rebuildId = JSON.readTree(rebuild.body()).get("rebuildId").asText();
    await()
        .atMost(VIEWS)
        .untilAsserted(
            () -> {
              JsonNode drift = null;
              for (var view : get("/api/projections")) {
                if (view.get("name").asText().equals("drift")) {
                  drift = view;
                }
              }
              assertThat(drift).isNotNull();
              assertThat(drift.at("/rebuild/rebuildId").asText()).isEqualTo(rebuildId);
              assertThat(drift.at("/rebuild/phase").asText())
                  .as(drift.toString())
                  .isEqualTo("swapped");
              assertThat(drift.get("status").asText()).isEqualTo("live");
            });
    assertThat(get("/api/ghost-diffs?app=default/yielding")).isEqualTo(ghosts);
    assertThat(get("/api/apps/default/yielding/resources")).isEqualTo(inventory);
  }

  @Test
  void aManualEditIsPutBackByThePeriodicReconcile() throws Exception {
    var app = "edited";
    ok(deploy(app, deployment(app, 2, ""), "?syncPeriod=2s"));
    var firstRun = awaitFirstPeriodicReconcile(app, "noop");
    var versionsBefore = get("/api/apps/default/edited/changes").size();

    var edited = Instant.now();
    var editedGeneration = EmbeddedServers.editImage(sandbox, app, "nginx:1.99-edited", VIEWS);

    await()
        .atMost(VIEWS)
        .untilAsserted(
            () -> {
              var changes = get("/api/apps/default/edited/changes");
              assertThat(changes).hasSize(versionsBefore + 1);
              assertThat(changes.get(0).get("trigger").asText()).isEqualTo("reconcile");
              assertThat(changes.get(0).get("successful").asBoolean()).as("finished").isTrue();
            });
    assertThat(image(app)).as("put back").isEqualTo("nginx:1.27");
    var putBack = get("/api/apps/default/edited/changes").get(0).get("changeId").asText();
    var detail = change(app, putBack);
    assertThat(detail.get("changes")).as(detail.toString()).hasSize(1);
    var update = detail.get("changes").get(0);
    assertThat(update.get("op").asText()).isEqualTo("update");
    assertThat(update.get("kind").asText()).isEqualTo("Deployment");
    assertThat(update.get("fields")).as(update.toString()).hasSize(1);
    assertThat(update.at("/fields/0/path").asText()).endsWith("image");
    assertThat(update.at("/fields/0/from").asText()).isEqualTo("nginx:1.99-edited");
    assertThat(update.at("/fields/0/to").asText()).isEqualTo("nginx:1.27");
    await()
        .atMost(VIEWS)
        .untilAsserted(
            () -> {
              var row = inventoryRow(app, "Deployment", app);
              assertThat(row.get("drift").asText()).isEqualTo("corrected");
              assertThat(row.get("driftChangeId").asText()).isEqualTo(putBack);
              var overview = get("/api/apps/default/edited");
              assertThat(overview.get("driftCount").asInt()).isEqualTo(1);
              assertThat(overview.get("ghostDiffCount").asInt()).isZero();
            });
    // the put-back is the last reconcile until the next period's, which finds nothing to do
    await()
        .atMost(VIEWS)
        .untilAsserted(
            () -> {
              var overview = get("/api/apps/default/edited");
              assertThat(Instant.parse(overview.get("lastReconcileAt").asText()))
                  .isAfter(edited)
                  .isAfter(firstRun);
              assertThat(overview.get("lastReconcileResult").asText()).isEqualTo("noop");
            });
    assertThat(get("/api/apps/default/edited/changes"))
        .as("one put-back, then noops")
        .hasSize(versionsBefore + 1);
    assertThat(sandboxObject(app).at("/metadata/generation").asLong())
        .as("one write of the spec since the edit")
        .isEqualTo(editedGeneration + 1);
    assertThat(ghostDiffs(app)).isEmpty();
  }

  @Test
  void theSidecarInjectorCausesNoDiff() throws Exception {
    var app = "meshed";
    sandbox.enable(Controller.SIDECAR_INJECTOR);
    try {
      var labels = "\n        sidecar.istio.io/inject: \"true\"";
      ok(deploy(app, deployment(app, 2, labels), "?syncPeriod=1h"));
      var containers = new ArrayList<String>();
      sandboxObject(app)
          .at("/spec/template/spec/containers")
          .forEach(c -> containers.add(c.get("name").asText()));
      assertThat(containers).as("injected").containsExactly("app", "istio-proxy");
      awaitFirstPeriodicReconcile(app, "noop");
      var version = sandboxObject(app).at("/metadata/resourceVersion").asText();

      for (int i = 0; i < 3; i++) {
        var answer = reconcile(app);
        assertThat(answer.get("changeId").isNull()).as(answer.toString()).isTrue();
        assertThat(answer.get("changes")).as(answer.toString()).isEmpty();
      }

      assertThat(sandboxObject(app).at("/metadata/resourceVersion").asText()).isEqualTo(version);
      assertThat(get("/api/apps/default/meshed/changes")).hasSize(1);
      assertThat(inventoryRow(app, "Deployment", app).get("drift").asText()).isEqualTo("in-sync");
      assertThat(ghostDiffs(app)).isEmpty();
    } finally {
      sandbox.disable(Controller.SIDECAR_INJECTOR);
    }
  }

  // --- the sandbox's API server, as kubectl reaches it

  /** An HPA that is not the app's (another team's, applied with kubectl). */
  private void foreignHpa(String name, String target, int minReplicas) throws Exception {
    assertThat(EmbeddedServers.foreignHpa(sandbox, name, target, minReplicas)).isEqualTo(201);
  }

  private JsonNode sandboxObject(String name) throws Exception {
    return EmbeddedServers.deployment(sandbox, name);
  }

  private int liveReplicas(String name) throws Exception {
    return sandboxObject(name).at("/spec/replicas").asInt();
  }

  private String image(String name) throws Exception {
    return sandboxObject(name).at("/spec/template/spec/containers/0/image").asText();
  }

  // --- the Driftless API

  private HttpResponse<String> deploy(String app, String yaml, String query) throws Exception {
    var uri = URI.create(base() + "/api/apps/" + NS + "/" + app + "/deploy" + query);
    return http.send(
        HttpRequest.newBuilder(uri)
            .header("Content-Type", "application/yaml")
            .POST(HttpRequest.BodyPublishers.ofString(yaml))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode reconcile(String app) throws Exception {
    var uri = URI.create(base() + "/api/apps/" + NS + "/" + app + "/reconcile");
    return ok(
        http.send(
            HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.noBody()).build(),
            HttpResponse.BodyHandlers.ofString()));
  }

  /**
   * Waits for the app's first periodic reconcile (the overview's {@code lastReconcileAt}, from the
   * command side's {@code reconcile_lease}) and checks its result.
   */
  private Instant awaitFirstPeriodicReconcile(String app, String result) {
    var at = new Instant[1];
    await()
        .atMost(VIEWS)
        .untilAsserted(
            () -> {
              var overview = get("/api/apps/" + NS + "/" + app);
              assertThat(overview.get("lastReconcileAt").isNull())
                  .as(overview.toString())
                  .isFalse();
              assertThat(overview.get("lastReconcileResult").asText()).isEqualTo(result);
              assertThat(overview.get("lastReconcileChangeId").isNull()).isTrue();
              at[0] = Instant.parse(overview.get("lastReconcileAt").asText());
            });
    return at[0];
  }

  /** Waits until the views have applied as many events as the store held after the change. */
  private void awaitViews(JsonNode answer) {
    var position = answer.get("eventPosition").asLong();
    await().atMost(VIEWS).until(() -> viewPosition() >= position);
  }

  private long viewPosition() throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/api/apps")).build(),
            HttpResponse.BodyHandlers.ofString());
    return Long.parseLong(response.headers().firstValue("Driftless-View-Position").orElseThrow());
  }

  private List<JsonNode> ghostDiffs(String app) throws Exception {
    var list = new ArrayList<JsonNode>();
    get("/api/ghost-diffs?app=" + NS + "/" + app).forEach(list::add);
    return list;
  }

  private JsonNode change(String app, String changeId) throws Exception {
    return get("/api/apps/" + NS + "/" + app + "/changes/" + changeId);
  }

  private JsonNode inventoryRow(String app, String kind, String name) throws Exception {
    for (var row : get("/api/apps/" + NS + "/" + app + "/resources")) {
      if (row.get("kind").asText().equals(kind) && row.get("name").asText().equals(name)) {
        return row;
      }
    }
    throw new AssertionError("no inventory row " + kind + "/" + name + " in " + app);
  }

  private JsonNode get(String path) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.headers().firstValue("Driftless-View-Position")).isPresent();
    return ok(response);
  }

  private static JsonNode ok(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private String base() {
    return "http://127.0.0.1:" + port;
  }
}
