package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.TestCluster;
import io.driftless.security.TokenHash;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 27 over HTTP with security on: every change records who asked (the token's name), with
 * which client, message and meta, on {@code AppChangeStarted}; the server's own reconcile records
 * {@code driftless}; provenance values the contract refuses are 400 with nothing stored. A lock
 * freezes deploys and deletes (423, nothing stored or applied) but not reconciles; only the locker
 * or an admin unlocks; locks and unlocks are {@code AppLocked} / {@code AppUnlocked} events with
 * their own change numbers.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ProvenanceAndLockApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String ADMIN = "admin-token-of-provenance-it";
  private static final String CI = "ci-token-of-provenance-it";
  private static final String ALICE = "alice-token-of-provenance-it";
  private static final String VIEWER = "viewer-token-of-provenance-it";

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = Path.of("target", "provenance-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    var tokens = List.of(List.of("ops", ADMIN, "admin"), List.of("ci", CI, "deployer"));
    var more = List.of(List.of("alice", ALICE, "deployer"), List.of("eve", VIEWER, "viewer"));
    var all = new ArrayList<>(tokens);
    all.addAll(more);
    for (int i = 0; i < all.size(); i++) {
      var token = all.get(i);
      var prefix = "driftless.security.tokens[" + i + "].";
      registry.add(prefix + "name", () -> token.get(0));
      registry.add(prefix + "hash", () -> TokenHash.of(token.get(1)));
      registry.add(prefix + "roles", () -> token.get(2));
    }
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;
  @Autowired AppReconciler reconciler;

  private static String configMap(String name, String value) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + name
        + "\ndata:\n  level: "
        + value
        + "\n";
  }

  /**
   * A request: method, path (from /api), token, body (null: none), then header name/value pairs.
   */
  private HttpResponse<String> send(
      String method, String path, String token, String body, String... headers) throws Exception {
    var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    for (int i = 0; i < headers.length; i += 2) {
      request.header(headers[i], headers[i + 1]);
    }
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  /** A deploy of the app's one ConfigMap with {@code level: <value>}. */
  private HttpResponse<String> deploy(
      String app, String token, String value, String query, String... headers) throws Exception {
    var all = new ArrayList<>(List.of(headers));
    all.add("Content-Type");
    all.add("application/yaml");
    return send(
        "POST",
        "/api/apps/default/" + app + "/deploy" + query,
        token,
        configMap(app, value),
        all.toArray(String[]::new));
  }

  private HttpResponse<String> lock(String app, String token, String body) throws Exception {
    return send(
        "POST",
        "/api/apps/default/" + app + "/lock",
        token,
        body,
        "Content-Type",
        "application/json");
  }

  private static JsonNode json(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  /** The stored payloads of an app's events of one type, oldest first. */
  private List<JsonNode> stored(String app, String type) throws Exception {
    var payloads =
        jdbc.queryForList(
            "SELECT payload FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " AND payload_type = ? ORDER BY sequence_number",
            byte[].class,
            "default/" + app,
            "io.driftless.events." + type);
    var nodes = new ArrayList<JsonNode>();
    for (var payload : payloads) {
      nodes.add(JSON.readTree(payload));
    }
    return nodes;
  }

  private long events() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  /** As kubectl edit does: the ConfigMap's value changed behind Driftless's back. */
  private void drift(String app, String value) {
    var maps = cluster.configMaps().inNamespace("default");
    var live = maps.withName(app).get();
    live.getData().put("level", value);
    maps.resource(live).update();
  }

  private String live(String app) {
    return cluster.configMaps().inNamespace("default").withName(app).get().getData().get("level");
  }

  @Test
  void everyChangeRecordsWhoAskedWithWhichClientMessageAndMeta() throws Exception {
    json(
        deploy(
            "prov-app",
            CI,
            "one",
            "?message=release%207&meta=pipeline.run%3D42",
            "User-Agent",
            "driftless-cli/1.2.0",
            "Driftless-Meta-Git.Commit",
            "abc123"),
        200);
    drift("prov-app", "edited");
    json(send("POST", "/api/apps/default/prov-app/reconcile?message=drift", ALICE, null), 200);
    drift("prov-app", "edited again");
    assertThat(reconciler.reconcile("default/prov-app").result())
        .isEqualTo(AppReconciler.Result.APPLIED);
    json(
        send(
            "DELETE",
            "/api/apps/default/prov-app",
            CI,
            null,
            "Driftless-Message",
            "retired",
            "Driftless-Meta-ticket",
            "OPS-7"),
        200);

    var starts = stored("prov-app", "AppChangeStarted");
    assertThat(starts).hasSize(4);
    assertThat(starts.get(0).get("trigger").asText()).isEqualTo("DEPLOY");
    assertThat(starts.get(0).get("provenance").toString())
        .isEqualTo(
            "{\"actor\":\"ci\",\"client\":\"driftless-cli/1.2.0\",\"message\":\"release 7\","
                + "\"meta\":{\"git.commit\":\"abc123\",\"pipeline.run\":\"42\"}}");
    assertThat(starts.get(1).get("trigger").asText()).isEqualTo("RECONCILE");
    assertThat(starts.get(1).at("/provenance/actor").asText()).isEqualTo("alice");
    assertThat(starts.get(1).at("/provenance/message").asText()).isEqualTo("drift");
    assertThat(starts.get(1).at("/provenance/client").asText()).startsWith("Java-http-client");
    assertThat(starts.get(2).get("trigger").asText()).isEqualTo("RECONCILE");
    assertThat(starts.get(2).at("/provenance/actor").asText()).isEqualTo("driftless");
    assertThat(
            starts.get(2).at("/provenance/client").isMissingNode()
                || starts.get(2).at("/provenance/client").isNull())
        .isTrue();
    assertThat(starts.get(3).get("trigger").asText()).isEqualTo("DELETE");
    assertThat(starts.get(3).at("/provenance/actor").asText()).isEqualTo("ci");
    assertThat(starts.get(3).at("/provenance/message").asText()).isEqualTo("retired");
    assertThat(starts.get(3).at("/provenance/meta").toString()).isEqualTo("{\"ticket\":\"OPS-7\"}");
    assertThat(
            jdbc.queryForList(
                "SELECT payload_revision FROM domain_event_entry WHERE aggregate_identifier = ?"
                    + " AND payload_type = 'io.driftless.events.AppChangeStarted'",
                String.class,
                "default/prov-app"))
        .containsOnly("2");
  }

  @Test
  void provenanceTheContractRefusesIsA400AndNothingIsStoredOrApplied() throws Exception {
    json(deploy("strict-app", CI, "one", ""), 200);
    var before = events();

    var badKey = json(deploy("strict-app", CI, "two", "", "Driftless-Meta-Bad_", "x"), 400);
    var longMessage = "m".repeat(1001);
    var tooLong =
        json(
            send("POST", "/api/apps/default/strict-app/reconcile?message=" + longMessage, CI, null),
            400);
    var noEquals = json(send("DELETE", "/api/apps/default/strict-app?meta=oops", CI, null), 400);
    var manyKeys = new StringBuilder("?dryRun=false");
    for (int i = 0; i < 33; i++) {
      manyKeys.append("&meta=k").append(i).append("%3Dv");
    }
    var tooMany = json(deploy("strict-app", CI, "two", manyKeys.toString()), 400);

    assertThat(badKey.get("error").asText()).isEqualTo("bad_parameter");
    assertThat(badKey.get("message").asText())
        .startsWith("Header Driftless-Meta-Bad_: key \"bad_\" must be");
    assertThat(tooLong.get("message").asText())
        .isEqualTo("Query parameter message: at most 1000 characters, not 1001.");
    assertThat(noEquals.get("details").toString()).contains("meta: must be <key>=<value>");
    assertThat(tooMany.get("details").toString()).contains("meta: at most 32 keys, not 33");
    assertThat(events()).isEqualTo(before);
    assertThat(live("strict-app")).isEqualTo("one");
  }

  @Test
  void aLockFreezesDeployAndDeleteNotReconcileAndOnlyTheLockerOrAnAdminEndsIt() throws Exception {
    json(deploy("frozen-app", CI, "one", ""), 200);
    var locked = json(lock("frozen-app", CI, "{\"reason\": \"release freeze until Monday\"}"), 200);
    assertThat(locked.get("app").asText()).isEqualTo("default/frozen-app");
    assertThat(locked.get("changeId").asText()).isEqualTo("frozen-app-change-000002");
    assertThat(locked.get("locked").asBoolean()).isTrue();
    assertThat(locked.get("lockedBy").asText()).isEqualTo("ci");
    assertThat(locked.get("reason").asText()).isEqualTo("release freeze until Monday");
    var lockedAt = locked.get("lockedAt").asText();
    assertThat(java.time.Instant.parse(lockedAt)).isNotNull();
    assertThat(locked.get("eventPosition").asLong()).isPositive();

    var before = events();
    var deployRefused = json(deploy("frozen-app", CI, "two", ""), 423);
    assertThat(deployRefused.get("error").asText()).isEqualTo("app_locked");
    assertThat(deployRefused.get("message").asText())
        .isEqualTo(
            "App default/frozen-app is locked by ci since "
                + lockedAt
                + ": release freeze until Monday.");
    assertThat(deployRefused.get("details").toString())
        .contains("lockedBy: ci", "lockedAt: " + lockedAt, "reason: release freeze until Monday");
    var deleteRefused = json(send("DELETE", "/api/apps/default/frozen-app", ALICE, null), 423);
    assertThat(deleteRefused.get("error").asText()).isEqualTo("app_locked");
    var streamed =
        send(
            "POST",
            "/api/apps/default/frozen-app/deploy",
            CI,
            configMap("frozen-app", "two"),
            "Content-Type",
            "application/yaml",
            "Accept",
            "application/x-ndjson");
    assertThat(streamed.statusCode()).as(streamed.body()).isEqualTo(423);
    assertThat(json(lock("frozen-app", ALICE, "{\"reason\": \"mine\"}"), 409).get("error").asText())
        .isEqualTo("app_locked");
    assertThat(events()).isEqualTo(before);
    assertThat(live("frozen-app")).isEqualTo("one");

    drift("frozen-app", "edited");
    var reconciled = json(send("POST", "/api/apps/default/frozen-app/reconcile", ALICE, null), 200);
    assertThat(reconciled.get("changeId").asText()).isEqualTo("frozen-app-change-000003");
    assertThat(live("frozen-app")).isEqualTo("one");

    var byOther = json(send("DELETE", "/api/apps/default/frozen-app/lock", ALICE, null), 403);
    assertThat(byOther.get("error").asText()).isEqualTo("forbidden");
    assertThat(byOther.get("message").asText())
        .contains("locked by ci")
        .contains("only ci or an admin may unlock it, not alice");
    var unlocked = json(send("DELETE", "/api/apps/default/frozen-app/lock", ADMIN, null), 200);
    assertThat(unlocked.get("changeId").asText()).isEqualTo("frozen-app-change-000004");
    assertThat(unlocked.get("locked").asBoolean()).isFalse();
    assertThat(unlocked.get("lockedBy").asText()).isEqualTo("ci");
    assertThat(unlocked.get("unlockedBy").asText()).isEqualTo("ops");
    assertThat(unlocked.get("eventPosition").asLong())
        .isGreaterThan(locked.get("eventPosition").asLong());
    assertThat(
            json(send("DELETE", "/api/apps/default/frozen-app/lock", ADMIN, null), 409)
                .get("error")
                .asText())
        .isEqualTo("not_locked");

    var deployed = json(deploy("frozen-app", CI, "two", ""), 200);
    assertThat(deployed.get("changeId").asText()).isEqualTo("frozen-app-change-000005");
    assertThat(live("frozen-app")).isEqualTo("two");

    var locks = stored("frozen-app", "AppLocked");
    assertThat(locks).hasSize(1);
    assertThat(locks.get(0).get("changeNumber").asLong()).isEqualTo(2);
    assertThat(locks.get(0).get("reason").asText()).isEqualTo("release freeze until Monday");
    assertThat(locks.get(0).at("/provenance/actor").asText()).isEqualTo("ci");
    var unlocks = stored("frozen-app", "AppUnlocked");
    assertThat(unlocks).hasSize(1);
    assertThat(unlocks.get(0).get("changeNumber").asLong()).isEqualTo(4);
    assertThat(unlocks.get(0).get("lockedBy").asText()).isEqualTo("ci");
    assertThat(unlocks.get(0).at("/provenance/actor").asText()).isEqualTo("ops");
  }

  @Test
  void theLockersOwnUnlockAndTheRefusedLocks() throws Exception {
    json(deploy("held-app", CI, "one", ""), 200);
    var before = events();
    assertThat(json(lock("held-app", CI, "{\"reason\": \"  \"}"), 400).get("error").asText())
        .isEqualTo("bad_parameter");
    assertThat(json(lock("held-app", CI, null), 400).get("error").asText())
        .isEqualTo("bad_parameter");
    var tooLong = "{\"reason\": \"" + "r".repeat(1001) + "\"}";
    assertThat(json(lock("held-app", CI, tooLong), 400).get("details").toString())
        .contains("reason: at most 1000 characters, not 1001");
    assertThat(json(lock("never-deployed", CI, "{\"reason\": \"x\"}"), 404).get("error").asText())
        .isEqualTo("not_found");
    assertThat(lock("held-app", null, "{\"reason\": \"x\"}").statusCode()).isEqualTo(401);
    assertThat(lock("held-app", VIEWER, "{\"reason\": \"x\"}").statusCode()).isEqualTo(403);
    assertThat(events()).isEqualTo(before);

    json(lock("held-app", ALICE, "{\"reason\": \"investigating\"}"), 200);
    var unlocked = json(send("DELETE", "/api/apps/default/held-app/lock", ALICE, null), 200);
    assertThat(unlocked.get("unlockedBy").asText()).isEqualTo("alice");
    assertThat(unlocked.get("reason").asText()).isEqualTo("investigating");
  }
}
