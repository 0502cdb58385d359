package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.app.FinishAppChange;
import io.driftless.command.app.StaleAppStateException;
import io.driftless.command.app.StartAppChange;
import io.driftless.command.change.ChangeStarts;
import io.driftless.command.change.KeyInUseException;
import io.driftless.command.idempotency.IdempotencyKey;
import io.driftless.command.idempotency.IdempotencyStore;
import io.driftless.command.support.TestCluster;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.OpCounts;
import io.driftless.events.WaitCounts;
import io.driftless.events.testing.LocalServices;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.zip.GZIPInputStream;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Safe retries over HTTP (issue 14 point 7; README "Safe retries") against the sandbox cluster and
 * a fresh MariaDB database: a command sent twice with one {@code Idempotency-Key} starts one change
 * and the second answer is the first's, marked replayed; another body with the key is 422; a retry
 * while the change waits (a {@code kapp.k14s.io/exists} object nobody creates yet) is 409 naming
 * it; reconcile and delete alike; the key's row is written with the change's start or not at all.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SafeRetriesIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String YAML = "application/yaml";

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add(
        "spring.datasource.url", () -> LocalServices.freshDatabase("driftless_retries_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;
  @Autowired ChangeStarts starts;
  @Autowired CommandGateway commands;
  @Autowired IdempotencyStore store;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void sameKeyTwiceIsOneChangeAndTheSecondAnswerIsTheFirstReplayed() throws Exception {
    var key = UUID.randomUUID().toString();
    var first = deploy("retry-twice", key, "?diffChanges=true", configMaps("retry-twice", "blue"));
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(first.headers().firstValue(IdempotencyKeyHeader.REPLAYED)).isEmpty();
    var version = resourceVersion("retry-twice-a");

    var second = deploy("retry-twice", key, "?diffChanges=true", configMaps("retry-twice", "blue"));

    assertThat(second.statusCode()).as(second.body()).isEqualTo(200);
    assertThat(second.headers().firstValue(IdempotencyKeyHeader.REPLAYED)).hasValue("true");
    assertThat(JSON.readTree(second.body())).isEqualTo(JSON.readTree(first.body()));
    assertThat(JSON.readTree(first.body()).get("changes").get(0).has("diff")).isTrue();
    assertThat(starts("default/retry-twice")).hasSize(1);
    assertThat(resourceVersion("retry-twice-a")).isEqualTo(version);

    // Without the key the same body is a new request: planned again, nothing to do.
    var unkeyed =
        deploy("retry-twice", null, "?diffChanges=true", configMaps("retry-twice", "blue"));
    assertThat(JSON.readTree(unkeyed.body()).get("changeId").isNull()).isTrue();
    // The key is the app's: another app with the same key starts its own change.
    var other = deploy("retry-other", key, "?diffChanges=true", configMaps("retry-other", "blue"));
    assertThat(other.headers().firstValue(IdempotencyKeyHeader.REPLAYED)).isEmpty();
    assertThat(starts("default/retry-other")).hasSize(1);
  }

  @Test
  void sameKeyWithAnotherBodyOrOtherParametersIs422AndChangesNothing() throws Exception {
    var key = UUID.randomUUID().toString();
    ok(deploy("retry-reuse", key, "", configMaps("retry-reuse", "blue")));
    var version = resourceVersion("retry-reuse-a");
    var events = storedEvents();

    var otherBody = deploy("retry-reuse", key, "", configMaps("retry-reuse", "green"));
    var otherQuery =
        deploy("retry-reuse", key, "?diffChanges=true", configMaps("retry-reuse", "blue"));

    for (var refused : List.of(otherBody, otherQuery)) {
      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(422);
      var error = JSON.readTree(refused.body());
      assertThat(error.get("error").asText()).isEqualTo("idempotency_key_reused");
      assertThat(error.get("message").asText()).contains("new key");
      assertThat(error.get("details").get(0).asText())
          .isEqualTo("changeId: retry-reuse-change-000001");
    }
    assertThat(storedEvents()).isEqualTo(events);
    assertThat(resourceVersion("retry-reuse-a")).isEqualTo(version);
  }

  @Test
  void retryWhileTheChangeRunsIs409NamingItThenTheFinishedAnswer() throws Exception {
    var key = UUID.randomUUID().toString();
    var manifest = waitingFor("retry-external", "retry-waits");
    var first =
        CompletableFuture.supplyAsync(
            () -> deploy("retry-waits", key, "?waitTimeout=60s", manifest));
    await().atMost(Duration.ofSeconds(30)).until(() -> starts("default/retry-waits").size() == 1);

    var during = deploy("retry-waits", key, "?waitTimeout=60s", manifest);

    assertThat(during.statusCode()).as(during.body()).isEqualTo(409);
    var error = JSON.readTree(during.body());
    assertThat(error.get("error").asText()).isEqualTo("change_in_progress");
    assertThat(error.get("message").asText()).contains("retry-waits-change-000001");
    assertThat(first).isNotDone();
    // A new key meets the App's own one-change-at-a-time rule and records nothing.
    var otherKey = UUID.randomUUID().toString();
    assertThat(deploy("retry-waits", otherKey, "?waitTimeout=60s", manifest).statusCode())
        .isEqualTo(409);
    assertThat(keyRows("default/retry-waits")).isEqualTo(1);

    createNamespace("retry-external");
    var finished = first.get();
    assertThat(finished.statusCode()).as(finished.body()).isEqualTo(200);
    var after = deploy("retry-waits", key, "?waitTimeout=60s", manifest);
    assertThat(after.statusCode()).isEqualTo(200);
    assertThat(after.headers().firstValue(IdempotencyKeyHeader.REPLAYED)).hasValue("true");
    assertThat(JSON.readTree(after.body())).isEqualTo(JSON.readTree(finished.body()));
    assertThat(starts("default/retry-waits")).hasSize(1);
  }

  @Test
  void aFailedChangeIsReplayedWithItsStatusAndBody() throws Exception {
    var key = UUID.randomUUID().toString();
    var manifest = waitingFor("retry-never-there", "retry-fails");

    var first = deploy("retry-fails", key, "?waitTimeout=1s", manifest);
    var second = deploy("retry-fails", key, "?waitTimeout=1s", manifest);

    assertThat(first.statusCode()).as(first.body()).isEqualTo(502);
    assertThat(second.statusCode()).as(second.body()).isEqualTo(502);
    assertThat(second.headers().firstValue(IdempotencyKeyHeader.REPLAYED)).hasValue("true");
    assertThat(JSON.readTree(second.body())).isEqualTo(JSON.readTree(first.body()));
    assertThat(starts("default/retry-fails")).hasSize(1);
  }

  @Test
  void reconcileAndDeleteWithKeysApplyOnce() throws Exception {
    ok(deploy("retry-rd", null, "", configMaps("retry-rd", "blue")));
    cluster
        .configMaps()
        .inNamespace("default")
        .withName("retry-rd-a")
        .edit(
            map -> {
              map.getData().put("level", "edited");
              return map;
            });
    var reconcileKey = UUID.randomUUID().toString();

    var reconciled = send("POST", "/api/apps/default/retry-rd/reconcile", reconcileKey, null, null);
    var version = resourceVersion("retry-rd-a");
    var reconciledAgain =
        send("POST", "/api/apps/default/retry-rd/reconcile", reconcileKey, null, null);

    assertThat(reconciled.statusCode()).as(reconciled.body()).isEqualTo(200);
    assertThat(JSON.readTree(reconciled.body()).get("changeId").asText())
        .isEqualTo("retry-rd-change-000002");
    assertThat(reconciledAgain.headers().firstValue(IdempotencyKeyHeader.REPLAYED))
        .hasValue("true");
    assertThat(JSON.readTree(reconciledAgain.body())).isEqualTo(JSON.readTree(reconciled.body()));
    assertThat(resourceVersion("retry-rd-a")).isEqualTo(version);

    var deleteKey = UUID.randomUUID().toString();
    var deleted = send("DELETE", "/api/apps/default/retry-rd", deleteKey, null, null);
    var deletedAgain = send("DELETE", "/api/apps/default/retry-rd", deleteKey, null, null);

    assertThat(deleted.statusCode()).as(deleted.body()).isEqualTo(200);
    // Without the key a second delete is 404: the app is gone. With it, the delete's answer.
    assertThat(deletedAgain.statusCode()).as(deletedAgain.body()).isEqualTo(200);
    assertThat(deletedAgain.headers().firstValue(IdempotencyKeyHeader.REPLAYED)).hasValue("true");
    assertThat(JSON.readTree(deletedAgain.body())).isEqualTo(JSON.readTree(deleted.body()));
    assertThat(send("DELETE", "/api/apps/default/retry-rd", null, null, null).statusCode())
        .isEqualTo(404);
    assertThat(starts("default/retry-rd")).hasSize(3);
  }

  @Test
  void badKeysAre400AndDryRunsRecordNoKey() throws Exception {
    var tooLong = "k".repeat(256);
    var refused = deploy("retry-bad", tooLong, "", configMaps("retry-bad", "blue"));
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(400);
    assertThat(JSON.readTree(refused.body()).get("error").asText()).isEqualTo("bad_parameter");
    assertThat(refused.body()).doesNotContain(tooLong);
    var twice =
        http.send(
            request("/api/apps/default/retry-bad/reconcile")
                .header(IdempotencyKeyHeader.NAME, "a")
                .header(IdempotencyKeyHeader.NAME, "b")
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(twice.statusCode()).as(twice.body()).isEqualTo(400);
    assertThat(storedEvents("default/retry-bad")).isZero();

    var key = "dry-" + UUID.randomUUID();
    assertThat(
            deploy("retry-bad", key, "?dryRun=true", configMaps("retry-bad", "blue")).statusCode())
        .isEqualTo(200);
    assertThat(keyRows("default/retry-bad")).isZero();
    // The same key then deploys for real, once.
    ok(deploy("retry-bad", key, "", configMaps("retry-bad", "blue")));
    assertThat(keyRows("default/retry-bad")).isEqualTo(1);
  }

  @Test
  void aKeptAnswerHoldsNoSecretValueEvenWithDiffMaskOff() throws Exception {
    var canary = "canary-" + UUID.randomUUID();
    var secret =
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: retry-secret\nstringData:\n  password: "
            + canary
            + "\n";
    var key = UUID.randomUUID().toString();

    var first = deploy("retry-secret", key, "?diffChanges=true&diffMask=false", secret);
    var replay = deploy("retry-secret", key, "?diffChanges=true&diffMask=false", secret);

    var encoded = Base64.getEncoder().encodeToString(canary.getBytes(StandardCharsets.UTF_8));
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    // diffMask=false shows the value to the client that sent it, in that answer only
    assertThat(first.body()).containsAnyOf(canary, encoded);
    assertThat(replay.statusCode()).isEqualTo(200);
    assertThat(replay.body()).doesNotContain(canary).doesNotContain(encoded);
    var kept =
        jdbc.queryForObject(
            "SELECT response FROM idempotency_key WHERE app_id = ?",
            byte[].class,
            "default/retry-secret");
    var json = new String(gunzip(kept), StandardCharsets.UTF_8);
    assertThat(json)
        .contains("retry-secret-change-000001")
        .doesNotContain(canary)
        .doesNotContain(encoded);
  }

  @Test
  void theKeyRowAndTheChangeStartCommitTogetherOrNotAtAll() {
    var appId = "default/retry-atomic";
    var key = IdempotencyKey.of(appId, "deploy", "atomic-" + UUID.randomUUID(), "request");
    // The App refuses a start planned against another state: the key's row is rolled back too.
    assertThatThrownBy(() -> starts.start(startOf(appId, 5), key))
        .isInstanceOf(StaleAppStateException.class);
    assertThat(keyRows(appId)).isZero();
    assertThat(storedEvents(appId)).isZero();

    assertThat(starts.start(startOf(appId, 0), key)).isEqualTo("retry-atomic-change-000001");
    assertThat(keyRows(appId)).isEqualTo(1);
    assertThat(starts(appId)).hasSize(1);
    commands.sendAndWait(
        new FinishAppChange(
            appId,
            "retry-atomic-change-000001",
            true,
            "update: Op: 0 create, 0 delete, 0 update, 0 noop, 0 exists",
            OpCounts.none(),
            WaitCounts.none(),
            null,
            Instant.now()));
    // The App would take a second start; the key, recorded already, refuses it: nothing stored.
    var events = storedEvents(appId);
    assertThatThrownBy(() -> starts.start(startOf(appId, 1), key))
        .isInstanceOf(KeyInUseException.class);
    assertThat(storedEvents(appId)).isEqualTo(events);
    assertThat(starts(appId)).hasSize(1);
  }

  @Test
  void aStreamedChangeKeepsItsResultAndItsRetriesReplayIt() throws Exception {
    var key = UUID.randomUUID().toString();
    var body = configMaps("retry-stream", "blue");
    var streamed =
        http.send(
            request("/api/apps/default/retry-stream/deploy")
                .header(IdempotencyKeyHeader.NAME, key)
                .header("Content-Type", YAML)
                .header("Accept", "application/x-ndjson")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(streamed.statusCode()).as(streamed.body()).isEqualTo(200);
    var lines = streamed.body().strip().split("\n");
    var result = (ObjectNode) JSON.readTree(lines[lines.length - 1]);
    assertThat(result.remove("type").asText()).isEqualTo("result");

    var plainRetry = deploy("retry-stream", key, "", body);
    var streamedRetry =
        http.send(
            request("/api/apps/default/retry-stream/deploy")
                .header(IdempotencyKeyHeader.NAME, key)
                .header("Content-Type", YAML)
                .header("Accept", "application/x-ndjson")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());

    for (var retry : List.of(plainRetry, streamedRetry)) {
      assertThat(retry.statusCode()).as(retry.body()).isEqualTo(200);
      assertThat(retry.headers().firstValue(IdempotencyKeyHeader.REPLAYED)).hasValue("true");
      assertThat(JSON.readTree(retry.body())).isEqualTo(result);
    }
    assertThat(result.get("changeId").asText()).isEqualTo("retry-stream-change-000001");
    assertThat(starts("default/retry-stream")).hasSize(1);
  }

  @Test
  void aKeyOlderThanTheRetentionIsForgotten() throws Exception {
    var key = UUID.randomUUID().toString();
    ok(deploy("retry-old", key, "", configMaps("retry-old", "blue")));
    var dayAndAnHour = Duration.ofHours(25).toMillis();
    jdbc.update(
        "UPDATE idempotency_key SET created_at = created_at - ? WHERE app_id = ?",
        dayAndAnHour,
        "default/retry-old");

    // Another body with the forgotten key is a new request, not a 422.
    var again = ok(deploy("retry-old", key, "", configMaps("retry-old", "green")));

    assertThat(again.get("changeId").asText()).isEqualTo("retry-old-change-000002");
    assertThat(
            jdbc.queryForList(
                "SELECT change_id FROM idempotency_key WHERE app_id = ?",
                String.class,
                "default/retry-old"))
        .containsExactly("retry-old-change-000002");
    jdbc.update(
        "UPDATE idempotency_key SET created_at = created_at - ? WHERE app_id = ?",
        dayAndAnHour,
        "default/retry-old");
    assertThat(store.purgeExpired()).isGreaterThanOrEqualTo(1);
    assertThat(keyRows("default/retry-old")).isZero();
  }

  // ---- helpers ----

  private static StartAppChange startOf(String appId, long expected) {
    return new StartAppChange(
        appId,
        expected,
        ChangeTrigger.DEPLOY,
        List.of(),
        Map.of(),
        OpCounts.none(),
        WaitCounts.none(),
        "update: Op: 0 create, 0 delete, 0 update, 0 noop, 0 exists",
        Instant.now());
  }

  private static String configMaps(String app, String color) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + app
        + "-a\ndata:\n  level: high\n---\n"
        + "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + app
        + "-b\ndata:\n  color: "
        + color
        + "\n";
  }

  /** A ConfigMap in a namespace marked kapp.k14s.io/exists: the change waits until it exists. */
  private static String waitingFor(String namespace, String app) {
    return "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: "
        + namespace
        + "\n  annotations:\n    kapp.k14s.io/exists: \"\"\n---\n"
        + "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + app
        + "-config\n  namespace: "
        + namespace
        + "\n";
  }

  private void createNamespace(String name) {
    cluster
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName(name).endMetadata().build())
        .create();
  }

  private String resourceVersion(String configMap) {
    return cluster
        .configMaps()
        .inNamespace("default")
        .withName(configMap)
        .get()
        .getMetadata()
        .getResourceVersion();
  }

  private List<String> starts(String appId) {
    return jdbc.queryForList(
        "SELECT event_identifier FROM domain_event_entry WHERE aggregate_identifier = ?"
            + " AND payload_type = ?",
        String.class,
        appId,
        AppChangeStarted.class.getName());
  }

  private long storedEvents() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private long storedEvents(String appId) {
    return jdbc.queryForObject(
        "SELECT COUNT(*) FROM domain_event_entry WHERE aggregate_identifier = ?",
        Long.class,
        appId);
  }

  private long keyRows(String appId) {
    return jdbc.queryForObject(
        "SELECT COUNT(*) FROM idempotency_key WHERE app_id = ?", Long.class, appId);
  }

  private static JsonNode ok(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private HttpResponse<String> deploy(String app, String key, String query, String body) {
    return send("POST", "/api/apps/default/" + app + "/deploy" + query, key, YAML, body);
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
  }

  private HttpResponse<String> send(
      String method, String path, String key, String contentType, String body) {
    var request = request(path);
    if (key != null) {
      request.header(IdempotencyKeyHeader.NAME, key);
    }
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    var publisher =
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body);
    try {
      return http.send(
          request.method(method, publisher).build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static byte[] gunzip(byte[] bytes) throws IOException {
    try (var in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
      return in.readAllBytes();
    }
  }
}
