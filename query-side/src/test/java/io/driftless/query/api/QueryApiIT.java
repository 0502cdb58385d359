package io.driftless.query.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.FieldChange;
import io.driftless.events.OpCounts;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceRef;
import io.driftless.events.WaitCounts;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.support.LocalServices;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** The query API of API.md over HTTP, on views in the machine's MariaDB. */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QueryApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String APP = "team-a/shop";
  private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_query_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
  }

  @LocalServerPort int port;
  @Autowired ProjectionApplier applier;
  private final Map<String, Long> sequences = new HashMap<>();

  private void store(DriftlessEvent event) {
    var sequence = sequences.merge(event.aggregateId(), 1L, Long::sum) - 1;
    applier.apply(EventEnvelope.of(UUID.randomUUID().toString(), sequence, T0, event));
  }

  @BeforeAll
  void threeChangesOfOneApp() {
    var deployment = new ResourceRef("apps/v1", "Deployment", "team-a", "web");
    var config = new ResourceRef("v1", "ConfigMap", "team-a", "web");
    for (int n = 1; n <= 3; n++) {
      var changeId = String.format("shop-change-%06d", n);
      store(
          new AppChangeStarted(
              APP,
              changeId,
              n,
              ChangeTrigger.DEPLOY,
              T0.plusSeconds(n),
              List.of("team-a"),
              Map.of(),
              new OpCounts(1, 0, 0, 0, 0),
              new WaitCounts(1, 0, 0),
              "update: change " + n));
      var ref = n == 1 ? deployment : config;
      if (n < 3) {
        store(
            new ResourceCreated(
                ResourceIds.resourceId(APP, ref),
                APP,
                changeId,
                ref,
                Map.of(),
                "sha256:" + n,
                "1",
                1,
                List.of(new FieldChange("spec.replicas", null, 2, "desired")),
                T0));
      }
      store(
          new AppChangeFinished(
              APP,
              changeId,
              n != 3,
              "update: change " + n + " done",
              new OpCounts(1, 0, 0, 0, 0),
              new WaitCounts(1, 0, 0),
              T0.plusSeconds(n + 1),
              n == 3 ? "refused" : null));
    }
  }

  private HttpResponse<String> get(String path) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
            HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode ok(String path) throws Exception {
    var response = get(path);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  @Test
  void appsListsTheAppAsKappLsDoes() throws Exception {
    var apps = ok("/api/apps");
    assertThat(apps).hasSize(1);
    assertThat(apps.get(0).get("namespace").asText()).isEqualTo("team-a");
    assertThat(apps.get(0).get("name").asText()).isEqualTo("shop");
    assertThat(apps.get(0).get("lastChangeSuccessful").asBoolean()).isFalse();
    assertThat(apps.get(0).get("lastChangeAt").asText()).isEqualTo("2026-11-21T10:00:04Z");
    assertThat(apps.get(0).get("lastChangeAge").asText()).startsWith("PT");
    assertThat(apps.get(0).get("changeInProgress").isNull()).isTrue();
  }

  @Test
  void overviewCountsLiveResourcesByKind() throws Exception {
    var overview = ok("/api/apps/team-a/shop");
    assertThat(overview.get("resourceCounts").toString())
        .isEqualTo("{\"ConfigMap\":1,\"Deployment\":1}");
    assertThat(overview.get("namespaces").toString()).isEqualTo("[\"team-a\"]");
  }

  @Test
  void withoutTheDriftViewOrAReconcileLeaseTableDriftAndReconcileAreNull() throws Exception {
    var overview = ok("/api/apps/team-a/shop");
    for (var field :
        List.of(
            "driftCount",
            "outOfSyncCount",
            "ghostDiffCount",
            "lastReconcileAt",
            "lastReconcileResult")) {
      assertThat(overview.has(field)).as(field).isTrue();
      assertThat(overview.get(field).isNull()).as(field).isTrue();
    }
    assertThat(ok("/api/apps/team-a/shop/resources").get(0).get("drift").isNull()).isTrue();
    var error = error("/api/ghost-diffs", 503);
    assertThat(error.get("error").asText()).isEqualTo("view_not_built");
    assertThat(error.get("message").asText()).contains("/api/projections/drift/rebuild");
  }

  @Test
  void changesAreNewestFirstAndPageWithBefore() throws Exception {
    var all = ok("/api/apps/team-a/shop/changes");
    assertThat(all)
        .extracting(c -> c.get("changeId").asText())
        .containsExactly("shop-change-000003", "shop-change-000002", "shop-change-000001");
    assertThat(all.get(0).get("successful").asBoolean()).isFalse();
    assertThat(all.get(0).get("trigger").asText()).isEqualTo("deploy");
    // issue 29: the list says why a failed change failed, without fetching the change
    assertThat(all.get(0).get("error").asText()).isEqualTo("refused");
    assertThat(all.get(1).get("error").isNull()).isTrue();

    var page = ok("/api/apps/team-a/shop/changes?limit=1&before=shop-change-000003");
    assertThat(page)
        .extracting(c -> c.get("changeId").asText())
        .containsExactly("shop-change-000002");
  }

  @Test
  void oneChangeListsItsResourcesWithFieldDiffs() throws Exception {
    var change = ok("/api/apps/team-a/shop/changes/shop-change-000001");
    assertThat(change.get("description").asText()).isEqualTo("update: change 1 done");
    var resources = change.get("changes");
    assertThat(resources).hasSize(1);
    assertThat(resources.get(0).get("kind").asText()).isEqualTo("Deployment");
    assertThat(resources.get(0).get("op").asText()).isEqualTo("create");
    assertThat(resources.get(0).get("waitTo").asText()).isEqualTo("reconcile");
    assertThat(resources.get(0).get("fields").get(0).get("path").asText())
        .isEqualTo("spec.replicas");
  }

  @Test
  void inventoryListsEveryResourceWithItsLastOp() throws Exception {
    var resources = ok("/api/apps/team-a/shop/resources");
    assertThat(resources)
        .extracting(r -> r.get("kind").asText() + "/" + r.get("lastOp").asText())
        .containsExactly("ConfigMap/create", "Deployment/create");
    assertThat(resources.get(0).get("appliedHash").asText()).isEqualTo("sha256:2");
  }

  @Test
  void unknownAppAndChangeAre404InTheErrorShape() throws Exception {
    for (var path :
        List.of(
            "/api/apps/team-a/nope",
            "/api/apps/team-a/nope/changes",
            "/api/apps/team-a/nope/changes/nope-change-000001",
            "/api/apps/team-a/nope/resources",
            "/api/apps/team-a/shop/changes/shop-change-000099")) {
      var error = error(path, 404);
      assertThat(error.get("error").asText()).as(path).isEqualTo("not_found");
      assertThat(error.get("message").asText()).as(path).contains("team-a/");
    }
    assertThat(error("/api/apps/team-a/nope/changes", 404).get("message").asText())
        .isEqualTo("app team-a/nope is not in the views");
  }

  @Test
  void unknownPathsAre404AndWrongMethods405InTheErrorShape() throws Exception {
    for (var path : List.of("/api/nope", "/api/apps/team-a/shop/nope/more/and/more", "/nope")) {
      var error = error(path, 404);
      assertThat(error.get("error").asText()).isEqualTo("not_found");
      assertThat(error.get("message").asText()).isEqualTo("no such path: GET " + path);
    }
    var response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/apps"))
                    .DELETE()
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(405);
    var error = JSON.readTree(response.body());
    assertThat(error.get("error").asText()).isEqualTo("method_not_allowed");
    assertThat(error.get("details").toString()).contains("GET");
  }

  @Test
  void badQueryParametersAre400NamingTheParameterAndWhatItAccepts() throws Exception {
    var changes = "/api/apps/team-a/shop/changes";
    for (var limit : List.of("abc", "-1", "0", "1001", "2.5")) {
      var error = error(changes + "?limit=" + limit, 400);
      assertThat(error.get("error").asText()).isEqualTo("bad_parameter");
      assertThat(error.get("message").asText())
          .isEqualTo("limit must be a whole number from 1 to 1000, got '" + limit + "'");
      assertThat(error.get("details").toString()).isEqualTo("[\"parameter: limit\"]");
    }
    var error = error(changes + "?before=yesterday", 400);
    assertThat(error.get("message").asText())
        .isEqualTo("before must be a change id such as simple-app-change-000007, got 'yesterday'");
    assertThat(error.get("details").toString()).isEqualTo("[\"parameter: before\"]");
    assertThat(ok(changes + "?limit=1000")).hasSize(3);
  }

  @Test
  void changesPerDayCountTheKeptChangesByDayTriggerAndResult() throws Exception {
    var perDay = "/api/apps/team-a/shop/changes/per-day";
    // the fixture's three changes all started on T0's day: a window reaching back to it, and one
    // that ends the day after
    var sinceT0 =
        java.time.temporal.ChronoUnit.DAYS.between(
                T0.atZone(java.time.ZoneOffset.UTC).toLocalDate(),
                java.time.LocalDate.now(java.time.ZoneOffset.UTC))
            + 1;
    var counts = ok(perDay + "?days=" + sinceT0);
    assertThat(counts.toString())
        .isEqualTo(
            "[{\"day\":\"2026-11-21\",\"trigger\":\"deploy\",\"successful\":true,\"count\":2},"
                + "{\"day\":\"2026-11-21\",\"trigger\":\"deploy\",\"successful\":false,\"count\":1}]");
    if (sinceT0 > 1) {
      assertThat(ok(perDay + "?days=" + (sinceT0 - 1))).isEmpty();
    }
    for (var days : List.of("0", "367", "x")) {
      var error = error(perDay + "?days=" + days, 400);
      assertThat(error.get("message").asText())
          .isEqualTo("days must be a whole number from 1 to 366, got '" + days + "'");
    }
    assertThat(get("/api/apps/team-a/nobody/changes/per-day").statusCode()).isEqualTo(404);
  }

  /** The body of an error answer, checked for API.md's shape and no Java internals. */
  private JsonNode error(String path, int status) throws Exception {
    var response = get(path);
    assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/json"));
    var error = JSON.readTree(response.body());
    assertThat(error.properties())
        .extracting(Map.Entry::getKey)
        .containsExactly("error", "message", "details");
    assertThat(error.get("details").isArray()).isTrue();
    assertThat(error.get("message").asText()).doesNotContain("Exception", "java.");
    return error;
  }

  @Test
  void everyQueryCarriesTheViewPosition() throws Exception {
    var response = get("/api/apps");
    // 6 App events (3 changes, started and finished) and 2 resources with one event each.
    assertThat(response.headers().firstValue("Driftless-View-Position")).contains("8");
  }

  @Test
  void timelineOfAViewNotBuiltIs503InTheErrorShape() throws Exception {
    var response = get("/api/apps/team-a/shop/resources/Deployment/web/timeline");
    assertThat(response.statusCode()).isEqualTo(503);
    var body = JSON.readTree(response.body());
    assertThat(body.get("error").asText()).isEqualTo("view_not_built");
    assertThat(body.get("message").asText()).contains("/api/projections/timeline/rebuild");
  }

  @Test
  void projectionsReportEachViewWithItsLastEventAndNoLagInProcess() throws Exception {
    var projections = ok("/api/projections");
    assertThat(projections)
        .extracting(p -> p.get("name").asText())
        .containsExactly("history", "overview", "inventory", "timeline", "drift", "desired");
    // No event store here: the views added after the first (timeline, drift, desired) cannot be
    // built at start, nor rebuilt.
    assertThat(projections.get(3).get("status").asText()).isEqualTo("not-built");
    for (var view : projections) {
      var name = view.get("name").asText();
      assertThat(view.get("status").asText())
          .isEqualTo(List.of("timeline", "drift", "desired").contains(name) ? "not-built" : "live");
      assertThat(view.get("lastEventAt").asText()).isEqualTo("2026-11-21T10:00:00Z");
      assertThat(view.get("lag").asText()).isEqualTo("PT0S");
      assertThat(view.get("lagMillis").asLong()).isZero();
      assertThat(view.get("waiting").asLong()).isZero();
    }
  }
}
