package io.driftless.query.travel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.OpCounts;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.WaitCounts;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.ViewBuilds;
import io.driftless.query.support.LocalServices;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
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
 * Time travel over HTTP (issue 27), on the desired view in the machine's MariaDB: an app's desired
 * set as of a change and a time (a noop object looked back to its last apply, a deleted app, a time
 * before the first change, YAML, Secrets masked), the compare of two changes, and the fleet
 * inventory now and then with each filter.
 *
 * <p>The story: {@code team-a/shop} change 1 (10:00:01) creates Deployment web (nginx:1.25),
 * ConfigMap web and Secret creds; change 2 (10:00:10) updates web to nginx:1.26 and the Secret's
 * value, the ConfigMap unchanged (no event); change 3 (10:00:20) drops the ConfigMap. {@code
 * team-b/old} change 1 (10:00:02) creates Deployment old (nginx:1.24); change 2 (10:00:15) deletes
 * the app. {@code team-b/api} change 1 (10:00:05) creates Deployment api (registry.io/api:2).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TimeTravelIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SHOP = "team-a/shop";
  private static final String OLD = "team-b/old";
  private static final String API = "team-b/api";
  private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
  private static final ResourceRef WEB = new ResourceRef("apps/v1", "Deployment", "team-a", "web");
  private static final ResourceRef CFG = new ResourceRef("v1", "ConfigMap", "team-a", "web");
  private static final ResourceRef CREDS = new ResourceRef("v1", "Secret", "team-a", "creds");
  private static final ResourceRef OLD_DEPLOY =
      new ResourceRef("apps/v1", "Deployment", "team-b", "old");
  private static final ResourceRef API_DEPLOY =
      new ResourceRef("apps/v1", "Deployment", "team-b", "api");

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_travel_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
  }

  @LocalServerPort int port;
  @Autowired ProjectionApplier applier;
  @Autowired DataSource dataSource;
  private final Map<String, Long> sequences = new HashMap<>();

  private void store(DriftlessEvent event) {
    var sequence = sequences.merge(event.aggregateId(), 1L, Long::sum) - 1;
    applier.apply(EventEnvelope.of(UUID.randomUUID().toString(), sequence, T0, event));
  }

  static Map<String, Object> deployment(ResourceRef ref, String image, String tier) {
    return Map.of(
        "apiVersion",
        "apps/v1",
        "kind",
        "Deployment",
        "metadata",
        Map.of("name", ref.name(), "namespace", ref.namespace(), "labels", Map.of("tier", tier)),
        "spec",
        Map.of(
            "replicas",
            2,
            "template",
            Map.of(
                "spec",
                Map.of(
                    "containers",
                    List.of(Map.of("name", "main", "image", image)),
                    "initContainers",
                    List.of(Map.of("name", "init", "image", "busybox:1.36"))))));
  }

  static Map<String, Object> configMap(String value) {
    return Map.of(
        "apiVersion",
        "v1",
        "kind",
        "ConfigMap",
        "metadata",
        Map.of("name", "web", "namespace", "team-a"),
        "data",
        Map.of("color", value));
  }

  static Map<String, Object> secret(String fingerprint) {
    return Map.of(
        "apiVersion",
        "v1",
        "kind",
        "Secret",
        "metadata",
        Map.of("name", "creds", "namespace", "team-a"),
        "data",
        Map.of("password", fingerprint));
  }

  private void start(String app, long n, int second, Map<String, String> desired) {
    start(app, n, second, desired, ChangeTrigger.DEPLOY);
  }

  private void start(
      String app, long n, int second, Map<String, String> desired, ChangeTrigger trigger) {
    store(
        new AppChangeStarted(
            app,
            ChangeIds.of(app, n),
            n,
            trigger,
            T0.plusSeconds(second),
            List.of(ResourceIds.appNamespace(app)),
            new TreeMap<>(desired),
            OpCounts.none(),
            WaitCounts.none(),
            "update"));
  }

  private static String key(ResourceRef ref) {
    var id = ResourceIds.resourceId("x/y", ref);
    return id.substring("x/y/".length());
  }

  private void created(String app, long n, int second, ResourceRef ref, Map<String, Object> obj) {
    store(
        new ResourceCreated(
            ResourceIds.resourceId(app, ref),
            app,
            ChangeIds.of(app, n),
            ref,
            obj,
            "sha256:" + obj.hashCode(),
            "1",
            1,
            List.of(),
            T0.plusSeconds(second)));
  }

  private void updated(String app, long n, int second, ResourceRef ref, Map<String, Object> obj) {
    store(
        new ResourceUpdated(
            ResourceIds.resourceId(app, ref),
            app,
            ChangeIds.of(app, n),
            ref,
            obj,
            "sha256:" + obj.hashCode(),
            "2",
            2,
            List.of(),
            T0.plusSeconds(second)));
  }

  private void deleted(String app, long n, int second, ResourceRef ref) {
    store(
        new ResourceDeleted(
            ResourceIds.resourceId(app, ref),
            app,
            ChangeIds.of(app, n),
            ref,
            T0.plusSeconds(second)));
  }

  @BeforeAll
  void story() {
    ViewBuilds.markBuilt(
        JdbcClient.create(dataSource), DesiredProjection.NAME, new DesiredProjection().version());
    var shop1 = Map.of(key(WEB), "h1", key(CFG), "c1", key(CREDS), "s1");
    start(SHOP, 1, 1, shop1);
    created(SHOP, 1, 1, WEB, deployment(WEB, "nginx:1.25", "web"));
    created(SHOP, 1, 1, CFG, configMap("blue"));
    created(SHOP, 1, 1, CREDS, secret("hmac-sha256:k1:aaaa"));
    start(OLD, 1, 2, Map.of(key(OLD_DEPLOY), "o1"));
    created(OLD, 1, 2, OLD_DEPLOY, deployment(OLD_DEPLOY, "nginx:1.24", "old"));
    start(API, 1, 5, Map.of(key(API_DEPLOY), "a1"));
    created(API, 1, 5, API_DEPLOY, deployment(API_DEPLOY, "registry.io/api:2", "api"));
    start(SHOP, 2, 10, Map.of(key(WEB), "h2", key(CFG), "c1", key(CREDS), "s2"));
    updated(SHOP, 2, 10, WEB, deployment(WEB, "nginx:1.26", "web"));
    updated(SHOP, 2, 10, CREDS, secret("hmac-sha256:k1:bbbb"));
    start(OLD, 2, 15, Map.of(), ChangeTrigger.DELETE);
    deleted(OLD, 2, 15, OLD_DEPLOY);
    store(new AppDeleted(OLD, ChangeIds.of(OLD, 2), T0.plusSeconds(16)));
    start(SHOP, 3, 20, Map.of(key(WEB), "h2", key(CREDS), "s2"));
    deleted(SHOP, 3, 20, CFG);
  }

  private HttpResponse<String> get(String path, String accept) throws Exception {
    var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    if (accept != null) {
      request.header("Accept", accept);
    }
    return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode ok(String path) throws Exception {
    var response = get(path, null);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private JsonNode error(String path, int status) throws Exception {
    var response = get(path, null);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  private static List<String> kinds(JsonNode desired) {
    var kinds = new java.util.ArrayList<String>();
    desired.get("resources").forEach(r -> kinds.add(r.get("kind").asText()));
    return kinds;
  }

  private static JsonNode resource(JsonNode desired, String kind) {
    for (var r : desired.get("resources")) {
      if (r.get("kind").asText().equals(kind)) {
        return r;
      }
    }
    throw new AssertionError("no " + kind + " in " + desired);
  }

  private static String image(JsonNode deployment) {
    return deployment.at("/spec/template/spec/containers/0/image").asText();
  }

  @Test
  void desiredAsOfAChangeLooksANoopObjectBackToItsLastApply() throws Exception {
    var desired = ok("/api/apps/team-a/shop/desired?change=shop-change-000002");
    assertThat(desired.get("app").asText()).isEqualTo(SHOP);
    assertThat(desired.at("/asOf/changeId").asText()).isEqualTo("shop-change-000002");
    assertThat(desired.at("/asOf/at").asText()).isEqualTo("2026-11-21T10:00:10Z");
    assertThat(kinds(desired)).containsExactly("ConfigMap", "Deployment", "Secret");
    assertThat(image(resource(desired, "Deployment"))).isEqualTo("nginx:1.26");
    assertThat(resource(desired, "ConfigMap").at("/data/color").asText())
        .as("unchanged in change 2: the version of change 1")
        .isEqualTo("blue");

    var first = ok("/api/apps/team-a/shop/desired?change=shop-change-000001");
    assertThat(image(resource(first, "Deployment"))).isEqualTo("nginx:1.25");
    var last = ok("/api/apps/team-a/shop/desired?change=shop-change-000003");
    assertThat(kinds(last)).containsExactly("Deployment", "Secret");
  }

  @Test
  void desiredAtATimeIsAsOfTheLastChangeStartedThen() throws Exception {
    var desired = ok("/api/apps/team-a/shop/desired?at=2026-11-21T10:00:12Z");
    assertThat(desired.at("/asOf/changeId").asText()).isEqualTo("shop-change-000002");
    assertThat(kinds(desired)).containsExactly("ConfigMap", "Deployment", "Secret");
    var exact = ok("/api/apps/team-a/shop/desired?at=2026-11-21T10:00:20Z");
    assertThat(exact.at("/asOf/changeId").asText()).isEqualTo("shop-change-000003");
  }

  @Test
  void atBeforeTheFirstChangeIsNotFoundSayingSo() throws Exception {
    var error = error("/api/apps/team-a/shop/desired?at=2026-11-21T09:00:00Z", 404);
    assertThat(error.get("error").asText()).isEqualTo("not_found");
    assertThat(error.get("message").asText())
        .contains("first change")
        .contains("shop-change-000001");
  }

  @Test
  void unknownAppOrChangeIsNotFoundAndBothOrNeitherIsABadParameter() throws Exception {
    assertThat(
            error("/api/apps/team-a/nope/desired?change=nope-change-000001", 404)
                .get("error")
                .asText())
        .isEqualTo("not_found");
    assertThat(
            error("/api/apps/team-a/shop/desired?change=shop-change-000009", 404)
                .get("message")
                .asText())
        .contains("shop-change-000009");
    for (var query : List.of("", "?change=shop-change-000001&at=2026-11-21T10:00:12Z")) {
      assertThat(error("/api/apps/team-a/shop/desired" + query, 400).get("error").asText())
          .isEqualTo("bad_parameter");
    }
    assertThat(error("/api/apps/team-a/shop/desired?at=yesterday", 400).get("details").toString())
        .contains("parameter: at");
  }

  @Test
  void aDeletedAppKeepsItsDesiredSetsBeforeTheDelete() throws Exception {
    var before = ok("/api/apps/team-b/old/desired?change=old-change-000001");
    assertThat(kinds(before)).containsExactly("Deployment");
    assertThat(image(resource(before, "Deployment"))).isEqualTo("nginx:1.24");
    var after = ok("/api/apps/team-b/old/desired?at=2026-11-21T11:00:00Z");
    assertThat(after.at("/asOf/changeId").asText()).isEqualTo("old-change-000002");
    assertThat(after.get("resources")).isEmpty();
  }

  @Test
  void yamlGivesTheObjectsAsDocuments() throws Exception {
    var response =
        get("/api/apps/team-a/shop/desired?change=shop-change-000002", "application/yaml");
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/yaml");
    var documents = response.body().split("(?m)^---\n");
    assertThat(response.body()).startsWith("---\n");
    assertThat(documents).hasSize(4); // "" before the first separator, then three objects
    assertThat(response.body()).contains("kind: Deployment").contains("image: nginx:1.26");
    assertThat(response.body()).contains("<-- value not shown (#1)").doesNotContain("bbbb");
  }

  @Test
  void secretsAreMaskedWithTheirKeyedFingerprintsBeside() throws Exception {
    var desired = ok("/api/apps/team-a/shop/desired?change=shop-change-000002");
    assertThat(resource(desired, "Secret").at("/data/password").asText())
        .isEqualTo("<-- value not shown (#1)");
    assertThat(desired.get("resources").toString()).doesNotContain("hmac-sha256");
    assertThat(desired.at("/fingerprints/team-a~1creds/password").asText())
        .isEqualTo("hmac-sha256:k1:bbbb");
  }

  @Test
  void compareOfTwoChangesHasTheDeployAnswersOpsFieldsAndDiffs() throws Exception {
    var compare =
        ok(
            "/api/apps/team-a/shop/compare?from=shop-change-000001&to=shop-change-000002"
                + "&diffChanges=true");
    assertThat(compare.get("ops").toString())
        .isEqualTo("{\"create\":0,\"delete\":0,\"update\":2,\"noop\":0,\"exists\":0}");
    assertThat(compare.get("description").asText())
        .startsWith("update: Op: 0 create, 0 delete, 2 update");
    var changes = compare.get("changes");
    assertThat(changes).hasSize(2);
    var deployment = changes.get(0);
    assertThat(deployment.get("kind").asText()).isEqualTo("Deployment");
    assertThat(deployment.get("op").asText()).isEqualTo("update");
    assertThat(deployment.get("fields").toString()).contains("nginx:1.25").contains("nginx:1.26");
    assertThat(deployment.get("diff").asText()).contains("- ").contains("nginx:1.26");
    var secret = changes.get(1);
    assertThat(secret.get("kind").asText()).isEqualTo("Secret");
    assertThat(secret.toString())
        .contains("<-- value not shown (#")
        .doesNotContain("aaaa")
        .doesNotContain("bbbb");
    var plain = ok("/api/apps/team-a/shop/compare?from=shop-change-000001&to=shop-change-000002");
    assertThat(plain.get("changes").get(0).has("diff")).isFalse();
  }

  @Test
  void compareToTheNewestChangeAndBackToAnOldOne() throws Exception {
    var newest = ok("/api/apps/team-a/shop/compare?from=shop-change-000001");
    assertThat(newest.get("to").asText()).isEqualTo("shop-change-000003");
    assertThat(newest.at("/ops/delete").asInt()).isEqualTo(1);
    assertThat(newest.at("/ops/update").asInt()).isEqualTo(2);
    var back = ok("/api/apps/team-a/shop/compare?from=shop-change-000003&to=shop-change-000001");
    assertThat(back.at("/ops/create").asInt()).isEqualTo(1);
    assertThat(back.get("changes").get(0).get("kind").asText()).isEqualTo("ConfigMap");
    assertThat(back.get("changes").get(0).get("op").asText()).isEqualTo("create");
    var same = ok("/api/apps/team-a/shop/compare?from=shop-change-000002&to=shop-change-000002");
    assertThat(same.get("changes")).isEmpty();
    assertThat(
            error("/api/apps/team-a/shop/compare?from=shop-change-000042", 404)
                .get("error")
                .asText())
        .isEqualTo("not_found");
    assertThat(error("/api/apps/team-a/shop/compare", 400).get("error").asText())
        .isEqualTo("bad_parameter");
  }

  private static List<String> objects(JsonNode inventory) {
    var names = new java.util.ArrayList<String>();
    inventory.forEach(
        o ->
            names.add(
                o.get("app").asText()
                    + " "
                    + o.get("kind").asText()
                    + "/"
                    + o.get("name").asText()));
    return names;
  }

  @Test
  void inventoryNowListsWhatAppsOwnNewestFirst() throws Exception {
    var now = ok("/api/inventory");
    assertThat(objects(now))
        .containsExactly(
            "team-a/shop Deployment/web", "team-a/shop Secret/creds", "team-b/api Deployment/api");
    var web = now.get(0);
    assertThat(web.get("images").toString()).isEqualTo("[\"busybox:1.36\",\"nginx:1.26\"]");
    assertThat(web.get("sinceChangeId").asText()).isEqualTo("shop-change-000002");
    assertThat(web.get("since").asText()).isEqualTo("2026-11-21T10:00:10Z");
    assertThat(web.get("apiVersion").asText()).isEqualTo("apps/v1");
    assertThat(web.get("namespace").asText()).isEqualTo("team-a");
  }

  @Test
  void inventoryThenWithEachFilter() throws Exception {
    var at = "/api/inventory?at=2026-11-21T10:00:03Z";
    assertThat(objects(ok(at)))
        .containsExactlyInAnyOrder(
            "team-a/shop Deployment/web",
            "team-a/shop ConfigMap/web",
            "team-a/shop Secret/creds",
            "team-b/old Deployment/old");
    assertThat(objects(ok(at + "&image=nginx")))
        .containsExactlyInAnyOrder("team-a/shop Deployment/web", "team-b/old Deployment/old");
    assertThat(objects(ok(at + "&image=nginx:1.25"))).containsExactly("team-a/shop Deployment/web");
    assertThat(objects(ok("/api/inventory?image=nginx:1.25"))).isEmpty();
    assertThat(objects(ok("/api/inventory?at=2026-11-21T10:00:12Z&kind=ConfigMap")))
        .containsExactly("team-a/shop ConfigMap/web");
    assertThat(objects(ok("/api/inventory?namespace=team-b")))
        .containsExactly("team-b/api Deployment/api");
    assertThat(objects(ok("/api/inventory?name=creds")))
        .containsExactly("team-a/shop Secret/creds");
    assertThat(objects(ok("/api/inventory?label=" + enc("tier=api"))))
        .containsExactly("team-b/api Deployment/api");
    assertThat(objects(ok(at + "&label=" + enc("tier=ap")))).isEmpty();
    assertThat(objects(ok(at + "&app=" + enc("team-b/old"))))
        .containsExactly("team-b/old Deployment/old");
    assertThat(objects(ok("/api/inventory?app=" + enc("team-b/old")))).isEmpty();
    assertThat(objects(ok("/api/inventory?at=2026-11-21T09:00:00Z"))).isEmpty();
  }

  @Test
  void inventoryPagesWithLimitAndBefore() throws Exception {
    var first = get("/api/inventory?limit=2", null);
    assertThat(first.statusCode()).isEqualTo(200);
    var next = first.headers().firstValue("Driftless-Next-Before").orElseThrow();
    var rest = ok("/api/inventory?limit=2&before=" + enc(next));
    assertThat(objects(JSON.readTree(first.body()))).hasSize(2);
    assertThat(objects(rest)).containsExactly("team-b/api Deployment/api");
    assertThat(objects(ok("/api/inventory?before=2026-11-21T10:00:06Z")))
        .as("objects applied before 10:00:06 and still as they were")
        .containsExactly("team-b/api Deployment/api");
  }

  @Test
  void badInventoryParametersAreBadParameters() throws Exception {
    for (var query :
        List.of(
            "limit=0",
            "limit=50001",
            "at=yesterday",
            "before=nope",
            "label=nope",
            "app=" + enc("NOT/an app"),
            "image=",
            "kind=")) {
      var error = error("/api/inventory?" + query, 400);
      assertThat(error.get("error").asText()).as(query).isEqualTo("bad_parameter");
    }
  }

  private static String enc(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8);
  }
}
