package io.driftless.query.drift;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.query.projection.Outcome;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.support.DriftEvents;
import io.driftless.query.support.LocalServices;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The drift answers of API.md over HTTP, on views in the machine's MariaDB fed the events of {@link
 * DriftEvents}: the overview's counts and last reconcile (from a {@code reconcile_lease} table in
 * the store's database, here the views' own as in the standalone server), the inventory's drift,
 * {@code GET /api/ghost-diffs} and the history's ghost-diff and yield rows.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DriftApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant RECONCILED = Instant.parse("2026-11-21T10:05:00Z");

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_drift_api"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
  }

  @LocalServerPort int port;
  @Autowired ProjectionApplier applier;
  @Autowired DataSource dataSource;

  @BeforeAll
  void theDriftStoryAndALease() {
    var jdbc = JdbcClient.create(dataSource);
    ViewBuilds.markBuilt(jdbc, DriftProjection.NAME, 1);
    assertThat(applier.applyAll(DriftEvents.story())).containsOnly(Outcome.APPLIED);
    // The command side's table (command-side V10__reconcile_lease.sql), as the store has it.
    jdbc.sql(
            "CREATE TABLE reconcile_lease (app_id VARCHAR(255) NOT NULL, owner VARCHAR(255),"
                + " lease_until BIGINT NOT NULL DEFAULT 0, next_run_at BIGINT NOT NULL,"
                + " failures INT NOT NULL DEFAULT 0, runs BIGINT NOT NULL DEFAULT 0,"
                + " last_reconciled_at BIGINT, last_result VARCHAR(16), last_change_id"
                + " VARCHAR(255), last_error VARCHAR(1000), PRIMARY KEY (app_id))")
        .update();
    jdbc.sql(
            "INSERT INTO reconcile_lease (app_id, next_run_at, runs, last_reconciled_at,"
                + " last_result, last_change_id, last_error) VALUES (?, 0, 7, ?, 'failed', ?,"
                + " 'refused')")
        .params(DriftEvents.APP, RECONCILED.toEpochMilli(), DriftEvents.changeId(4))
        .update();
  }

  private HttpResponse<String> get(String path) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode answer(String path, int status) throws Exception {
    var response = get(path);
    assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  @Test
  void anOpenDriftShowsInTheInventoryAndTheTimelineWithItsStartAndManagers() throws Exception {
    // Issue 30 point 4: another app (team-b/shop) with two outside edits not yet put back.
    var jdbc = JdbcClient.create(dataSource);
    if (!new ViewBuilds(jdbc).isBuilt("timeline", 1)) {
      ViewBuilds.markBuilt(jdbc, "timeline", 1);
    }
    assertThat(applier.applyAll(OpenDriftViewsIT.drifted())).containsOnly(Outcome.APPLIED);

    var web = answer("/api/apps/team-b/shop/resources", 200).get(0);
    assertThat(web.get("drift").asText()).isEqualTo("drifted");
    assertThat(web.get("driftChangeId").asText()).isEqualTo("shop-change-000001");
    assertThat(web.get("driftSince").asText()).isEqualTo("2026-11-27T10:00:10Z");
    assertThat(web.get("driftChangedBy").asText()).isEqualTo("kubectl-edit, kubectl-scale");

    var timeline = answer("/api/apps/team-b/shop/resources/Deployment/web/timeline", 200);
    assertThat(timeline)
        .extracting(t -> t.get("op").asText() + " " + t.get("changedBy").asText())
        .containsExactly(
            "drift-detected kubectl-scale", "drift-detected kubectl-edit", "create null");
    assertThat(timeline.get(1).at("/fields/0/changedBy").asText()).isEqualTo("kubectl-edit");
    assertThat(timeline.get(1).at("/fields/0/from").asText()).isEqualTo("nginx:1.28");
    assertThat(timeline.get(1).at("/fields/0/to").asText()).isEqualTo("nginx:1.27");

    var inSync = answer("/api/apps/team-a/shop/resources", 200).get(4);
    assertThat(inSync.get("driftSince").isNull()).isTrue();
    assertThat(inSync.get("driftChangedBy").isNull()).isTrue();
  }

  @Test
  void overviewCountsDriftAndActiveGhostDiffsAndShowsTheLastReconcile() throws Exception {
    var overview = answer("/api/apps/team-a/shop", 200);
    assertThat(overview.get("driftCount").asLong()).isEqualTo(3);
    assertThat(overview.get("outOfSyncCount").asLong())
        .as("issue 29: ConfigMap/broken (failed) and Secret/token (ghost-diff); not the corrected")
        .isEqualTo(2);
    assertThat(overview.get("ghostDiffCount").asLong()).isEqualTo(1);
    assertThat(overview.get("lastReconcileAt").asText()).isEqualTo("2026-11-21T10:05:00Z");
    assertThat(overview.get("lastReconcileResult").asText()).isEqualTo("failed");
    assertThat(overview.get("lastReconcileChangeId").asText()).isEqualTo("shop-change-000004");
    assertThat(overview.get("lastReconcileError").asText()).isEqualTo("refused");
    // the Apps list carries the same two counts (issue 29 point 8: no overview per app)
    JsonNode listed = null;
    for (var app : answer("/api/apps", 200)) {
      if (app.get("name").asText().equals("shop")) {
        listed = app;
      }
    }
    assertThat(listed).isNotNull();
    assertThat(listed.get("outOfSyncCount").asLong()).isEqualTo(2);
    assertThat(listed.get("ghostDiffCount").asLong()).isEqualTo(1);
  }

  @Test
  void inventoryShowsEachObjectsDriftWithItsChange() throws Exception {
    var resources = answer("/api/apps/team-a/shop/resources", 200);
    assertThat(resources)
        .extracting(
            r ->
                String.join(
                    " ",
                    r.get("kind").asText() + "/" + r.get("name").asText(),
                    r.get("drift").asText(),
                    r.get("driftChangeId").asText(),
                    r.get("driftAt").asText()))
        .containsExactly(
            "ConfigMap/broken failed shop-change-000004 2026-11-21T10:04:00Z",
            "ConfigMap/cfg corrected shop-change-000003 2026-11-21T10:03:00Z",
            "Deployment/web yielded shop-change-000004 2026-11-21T10:04:00.010Z",
            "Secret/token ghost-diff shop-change-000003 2026-11-21T10:03:00.005Z",
            "Service/svc in-sync null null");
  }

  @Test
  void ghostDiffsOfOneAppOrAllWithYieldedOnesMarked() throws Exception {
    var all = answer("/api/ghost-diffs", 200);
    var one = answer("/api/ghost-diffs?app=team-a/shop", 200);
    assertThat(one).isEqualTo(all).hasSize(2);
    var web = one.get(0);
    assertThat(web.get("app").asText()).isEqualTo("team-a/shop");
    assertThat(web.get("resource").toString())
        .isEqualTo(
            "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"namespace\":\"team-a\","
                + "\"name\":\"web\"}");
    assertThat(web.get("path").asText()).isEqualTo("spec.replicas");
    assertThat(web.get("desired").asInt()).isEqualTo(2);
    assertThat(web.get("live").asInt()).isEqualTo(5);
    assertThat(web.get("flips").asInt()).isEqualTo(2);
    assertThat(web.get("lastSeenAt").asText()).isEqualTo("2026-11-21T10:03:00.005Z");
    assertThat(web.get("suggestedRebaseRule").asText()).startsWith("apiVersion: kapp.k14s.io");
    assertThat(web.get("policy").asText()).isEqualTo("yield");
    assertThat(web.get("yielded").asBoolean()).isTrue();
    assertThat(web.get("yieldedChangeId").asText()).isEqualTo("shop-change-000004");
    assertThat(web.get("changedBy").asText())
        .as("the writer of the live value, kept through the yield")
        .isEqualTo("kube-controller-manager");
    var token = one.get(1);
    assertThat(token.get("changedBy").isNull()).as("the cluster did not say").isTrue();
    assertThat(token.get("path").asText()).isEqualTo("data.token");
    assertThat(token.get("yielded").asBoolean()).isFalse();
    assertThat(token.get("yieldedAt").isNull()).isTrue();
  }

  @Test
  void badAppIs400BadParameterAndUnknownAppIs404() throws Exception {
    for (var app : List.of("shop", "team-a/", "/shop", "Team-A/shop", "a/b/c", "team-a/sh op")) {
      var error =
          answer("/api/ghost-diffs?app=" + URLEncoder.encode(app, StandardCharsets.UTF_8), 400);
      assertThat(error.get("error").asText()).as(app).isEqualTo("bad_parameter");
      assertThat(error.get("message").asText())
          .isEqualTo(
              "app must be namespace/app, both DNS-1123 labels, e.g. default/simple-app, got '"
                  + app
                  + "'");
      assertThat(error.get("details").toString()).isEqualTo("[\"parameter: app\"]");
    }
    var error = answer("/api/ghost-diffs?app=team-a/nope", 404);
    assertThat(error.get("error").asText()).isEqualTo("not_found");
  }

  @Test
  void historyShowsReconcileChangesWithFieldDiffsGhostDiffsAndTheYield() throws Exception {
    var changes = answer("/api/apps/team-a/shop/changes", 200);
    assertThat(changes)
        .extracting(c -> c.get("changeId").asText() + " " + c.get("trigger").asText())
        .containsExactly(
            "shop-change-000004 reconcile",
            "shop-change-000003 reconcile",
            "shop-change-000002 reconcile",
            "shop-change-000001 deploy");
    var third = answer("/api/apps/team-a/shop/changes/shop-change-000003", 200).get("changes");
    assertThat(third)
        .extracting(c -> c.get("kind").asText() + "/" + c.get("name").asText() + " " + op(c))
        .containsExactly(
            "Deployment/web update spec.replicas",
            "ConfigMap/cfg update spec.replicas",
            "Deployment/web ghost-diff spec.replicas",
            "Secret/token ghost-diff data.token");
    assertThat(third.get(2).get("fields").get(0).toString())
        .isEqualTo(
            "{\"path\":\"spec.replicas\",\"from\":2,\"to\":5,\"decidedBy\":\"cluster\","
                + "\"flips\":2,\"changedBy\":\"kube-controller-manager\"}");
    var fourth = answer("/api/apps/team-a/shop/changes/shop-change-000004", 200).get("changes");
    assertThat(fourth)
        .extracting(c -> c.get("kind").asText() + "/" + c.get("name").asText() + " " + op(c))
        .containsExactly("ConfigMap/broken update", "Deployment/web yield spec.replicas");
  }

  private static String op(JsonNode change) {
    var fields = change.get("fields");
    var path = fields.isEmpty() ? "" : " " + fields.get(0).get("path").asText();
    return change.get("op").asText() + path;
  }
}
