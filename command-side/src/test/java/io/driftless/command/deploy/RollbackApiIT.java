package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.driftless.sandbox.SandboxCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 27 point 4: {@code POST /api/apps/{ns}/{app}/rollback?to=<changeId>} on the embedded
 * defaults (H2) against a sandbox that saves its objects after every write. An app deployed as v1,
 * then v2 (a ConfigMap changed, a Secret's value changed, a versioned ConfigMap changed, a
 * ConfigMap added, one left as it was), rolled back to v1: the cluster holds exactly v1's objects
 * with v1's content, the Secret its old value; the change is recorded with trigger {@code rollback}
 * and {@code rolledBackTo}; a reconcile after it is a noop. A dry run writes nothing; a retry with
 * the same {@code Idempotency-Key} answers the same change; a deleted app comes back by a rollback
 * to its last change before the delete; 404 for unknown apps and changes, 400 for a malformed id,
 * 422 for a delete row. The rotated-away key is {@code RollbackKeyRotationIT}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class RollbackApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path DATA = Path.of("target", "rollback-" + UUID.randomUUID());
  private static final Path CLUSTER_STORE = DATA.resolve("sandbox-cluster.json").toAbsolutePath();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("driftless.data-dir", () -> DATA.toAbsolutePath().toString());
    var kubeconfig = TestCluster.kubeconfig(CLUSTER_STORE);
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;

  private Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  /** v1 of app {@code app}: its objects' names start with the app's. */
  static String v1(String app) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: conf
        data:
          mode: calm
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: steady
        data:
          a: b
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
          annotations:
            kapp.k14s.io/versioned: ""
        data:
          level: one
        ---
        apiVersion: v1
        kind: Secret
        metadata:
          name: creds
        stringData:
          password: old-canary
        """
        .replace("name: ", "name: " + app + "-");
  }

  static String v2(String app) {
    return v1(app)
            .replace("mode: calm", "mode: wild")
            .replace("level: one", "level: two")
            .replace("password: old-canary", "password: new-canary")
        + """
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %s-extra
        data:
          x: y
        """
            .formatted(app);
  }

  private HttpResponse<String> rollback(String app, String query, String... headers) {
    var request =
        HttpRequest.newBuilder(
                URI.create(
                    "http://127.0.0.1:" + port + "/api/apps/default/" + app + "/rollback" + query))
            .POST(HttpRequest.BodyPublishers.noBody());
    if (headers.length > 0) {
      request.headers(headers);
    }
    try {
      return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static JsonNode ok(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static JsonNode status(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  private long storedEvents() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private JsonNode lastStarted(String app) throws Exception {
    var payloads =
        jdbc.queryForList(
            "SELECT payload FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " AND payload_type LIKE '%AppChangeStarted' ORDER BY sequence_number",
            String.class, "default/" + app);
    return JSON.readTree(payloads.get(payloads.size() - 1));
  }

  /** The app's ConfigMaps and Secrets in the cluster: name to data (Secrets decoded). */
  private Map<String, Map<String, String>> owned(String app) {
    var label = app + ".default";
    var objects = new TreeMap<String, Map<String, String>>();
    cluster
        .configMaps()
        .inNamespace("default")
        .withLabel("driftless.io/app", label)
        .list()
        .getItems()
        .forEach(c -> objects.put("ConfigMap/" + c.getMetadata().getName(), c.getData()));
    cluster
        .secrets()
        .inNamespace("default")
        .withLabel("driftless.io/app", label)
        .list()
        .getItems()
        .forEach(s -> objects.put("Secret/" + s.getMetadata().getName(), decoded(s.getData())));
    return objects;
  }

  private static Map<String, String> decoded(Map<String, String> data) {
    var plain = new TreeMap<String, String>();
    data.forEach(
        (k, v) -> plain.put(k, new String(Base64.getDecoder().decode(v), StandardCharsets.UTF_8)));
    return plain;
  }

  @Test
  void rollbackToV1LeavesExactlyV1sObjectsRecordedAsARollbackThatReconcilesKeep() throws Exception {
    var first = ok(api.deployYaml("shop", v1("shop")));
    var v1Objects = owned("shop");
    ok(api.deployYaml("shop", v2("shop")));
    assertThat(owned("shop")).isNotEqualTo(v1Objects).containsKey("ConfigMap/shop-extra");

    var answer =
        ok(
            rollback(
                "shop",
                "?to="
                    + first.get("changeId").asText()
                    + "&message=back%20to%20v1&meta=git.commit%3Dabc123"));

    assertThat(answer.get("changeId").asText()).isEqualTo("shop-change-000003");
    assertThat(answer.get("rolledBackTo").asText()).isEqualTo("shop-change-000001");
    assertThat(answer.get("successful").asBoolean()).isTrue();
    assertThat(answer.toString()).doesNotContain("canary");
    var now = owned("shop");
    // The versioned ConfigMap comes back with v1's content as its next version (as kapp does).
    assertThat(now.remove("ConfigMap/shop-settings-ver-3")).containsEntry("level", "one");
    assertThat(now.remove("ConfigMap/shop-settings-ver-2")).containsEntry("level", "two");
    assertThat(now).isEqualTo(v1Objects);
    assertThat(now.get("Secret/shop-creds")).containsEntry("password", "old-canary");
    assertThat(now.get("ConfigMap/shop-conf")).containsEntry("mode", "calm");
    var started = lastStarted("shop");
    assertThat(started.get("trigger").asText()).isEqualToIgnoringCase("rollback");
    assertThat(started.get("rolledBackTo").asText()).isEqualTo("shop-change-000001");
    assertThat(started.get("desired").has("core/ConfigMap/default/shop-extra")).isFalse();
    // Who asked, as for a deploy (issue 27 point 1): the open test server's caller is anonymous.
    assertThat(started.at("/provenance/actor").asText()).isEqualTo("anonymous");
    assertThat(started.at("/provenance/message").asText()).isEqualTo("back to v1");
    assertThat(started.at("/provenance/meta/git.commit").asText()).isEqualTo("abc123");

    var eventsBefore = storedEvents();
    var reconciled = ok(api.reconcile("shop"));
    assertThat(reconciled.get("changeId").isNull()).as(reconciled.toString()).isTrue();
    assertThat(reconciled.get("changes")).isEmpty();
    assertThat(storedEvents()).isEqualTo(eventsBefore);
  }

  @Test
  void aRollbackKeepsTheAppsGhostDiffPolicyAndSyncPeriod() throws Exception {
    var yaml = "application/yaml";
    var settings = "?ghostDiffPolicy=yield&syncPeriod=7m";
    var first = ok(api.deploy("kept", v1("kept"), yaml, settings));
    ok(api.deploy("kept", v2("kept"), yaml, settings));

    ok(rollback("kept", "?to=" + first.get("changeId").asText()));

    // A rollback names no policy: the planner takes the app's, and the App keeps it.
    var started = lastStarted("kept");
    assertThat(started.get("trigger").asText()).isEqualToIgnoringCase("rollback");
    assertThat(started.get("ghostDiffPolicy").asText()).isEqualTo("yield");
    assertThat(started.get("syncPeriod").asText()).isEqualTo("PT7M");
  }

  @Test
  void aDryRunWritesNothingAndShowsThePlan() throws Exception {
    var first = ok(api.deployYaml("dry", v1("dry")));
    ok(api.deployYaml("dry", v2("dry")));
    var clusterBefore = SandboxCluster.read(CLUSTER_STORE).toString();
    var eventsBefore = storedEvents();

    var answer = ok(rollback("dry", "?dryRun=true&to=" + first.get("changeId").asText()));

    assertThat(answer.get("changeId").isNull()).isTrue();
    assertThat(answer.get("dryRun").asBoolean()).isTrue();
    assertThat(answer.get("rolledBackTo").asText()).isEqualTo("dry-change-000001");
    assertThat(answer.at("/ops/delete").asInt()).isEqualTo(1);
    assertThat(answer.at("/ops/update").asInt()).isGreaterThanOrEqualTo(2);
    assertThat(SandboxCluster.read(CLUSTER_STORE).toString()).isEqualTo(clusterBefore);
    assertThat(storedEvents()).isEqualTo(eventsBefore);
  }

  @Test
  void aRetryWithTheSameIdempotencyKeyAnswersTheSameChange() throws Exception {
    var first = ok(api.deployYaml("retried", v1("retried")));
    ok(api.deployYaml("retried", v2("retried")));
    var to = "?to=" + first.get("changeId").asText();

    var once = rollback("retried", to, "Idempotency-Key", "rollback-retry-1");
    var eventsAfter = storedEvents();
    var again = rollback("retried", to, "Idempotency-Key", "rollback-retry-1");

    assertThat(ok(once).get("changeId").asText()).isEqualTo("retried-change-000003");
    assertThat(JSON.readTree(again.body())).isEqualTo(JSON.readTree(once.body()));
    assertThat(again.headers().firstValue("Idempotent-Replayed")).hasValue("true");
    assertThat(storedEvents()).isEqualTo(eventsAfter);
    var otherTarget =
        rollback("retried", "?to=retried-change-000002", "Idempotency-Key", "rollback-retry-1");
    assertThat(status(otherTarget, 422).get("error").asText()).isEqualTo("idempotency_key_reused");
  }

  @Test
  void aDeletedAppComesBackByARollbackToItsLastChangeBeforeTheDelete() throws Exception {
    ok(api.deployYaml("phoenix", v1("phoenix")));
    var last = ok(api.deployYaml("phoenix", v2("phoenix")));
    var before = owned("phoenix");
    ok(api.delete("phoenix"));
    assertThat(owned("phoenix")).isEmpty();

    var deleteRow = status(rollback("phoenix", "?to=phoenix-change-000003"), 422);
    assertThat(deleteRow.get("error").asText()).isEqualTo("not_rollbackable");

    var answer = ok(rollback("phoenix", "?to=" + last.get("changeId").asText()));

    assertThat(answer.get("changeId").asText()).isEqualTo("phoenix-change-000004");
    var now = owned("phoenix");
    // The versioned ConfigMap comes back once, with v2's content, numbered afresh (as kapp does
    // after a delete); every other object as it was.
    assertThat(unversioned(now)).isEqualTo(unversioned(before)).hasSize(4);
    assertThat(now).containsEntry("ConfigMap/phoenix-settings-ver-1", Map.of("level", "two"));
    assertThat(now.get("Secret/phoenix-creds")).containsEntry("password", "new-canary");
    assertThat(ok(api.reconcile("phoenix")).get("changeId").isNull()).isTrue();
  }

  @Test
  void theStreamedFormNamesTheChangeOnItsPlanAndResultLines() throws Exception {
    var first = ok(api.deployYaml("streamed", v1("streamed")));
    ok(api.deployYaml("streamed", v2("streamed")));

    var answer =
        rollback(
            "streamed", "?to=" + first.get("changeId").asText(), "Accept", "application/x-ndjson");

    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
    var lines = answer.body().lines().map(this::tree).toList();
    assertThat(lines.get(0).get("type").asText()).isEqualTo("plan");
    assertThat(lines.get(0).get("rolledBackTo").asText()).isEqualTo("streamed-change-000001");
    var result = lines.get(lines.size() - 1);
    assertThat(result.get("type").asText()).isEqualTo("result");
    assertThat(result.get("rolledBackTo").asText()).isEqualTo("streamed-change-000001");
    assertThat(result.get("changeId").asText()).isEqualTo("streamed-change-000003");
  }

  @Test
  void unknownAppsAndChangesAre404AndAMalformedIdIs400() throws Exception {
    ok(api.deployYaml("known", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: k\n"));

    assertThat(status(rollback("nobody", "?to=nobody-change-000001"), 404).get("error").asText())
        .isEqualTo("not_found");
    assertThat(status(rollback("known", "?to=known-change-000002"), 404).get("error").asText())
        .isEqualTo("not_found");
    assertThat(status(rollback("known", "?to=other-change-000001"), 404).get("error").asText())
        .isEqualTo("not_found");
    var malformed = status(rollback("known", "?to=yesterday"), 400);
    assertThat(malformed.get("error").asText()).isEqualTo("bad_parameter");
    assertThat(malformed.get("details").toString()).contains("to:");
    assertThat(status(rollback("known", ""), 400).get("details").toString()).contains("to:");
    assertThat(status(rollback("known", "?to=known-change-000001&syncPeriod=1m"), 400)).isNotNull();
  }

  @Test
  void aRollbackToTheCurrentSetChangesNothing() throws Exception {
    var first = ok(api.deployYaml("same", v1("same")));
    var eventsBefore = storedEvents();

    var answer = ok(rollback("same", "?to=" + first.get("changeId").asText()));

    assertThat(answer.get("changeId").isNull()).as(answer.toString()).isTrue();
    assertThat(answer.get("changes")).isEmpty();
    assertThat(storedEvents()).isEqualTo(eventsBefore);
  }

  private JsonNode tree(String line) {
    try {
      return JSON.readTree(line);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, Map<String, String>> unversioned(
      Map<String, Map<String, String>> all) {
    var plain = new TreeMap<>(all);
    plain.keySet().removeIf(name -> name.contains("-ver-"));
    return plain;
  }
}
