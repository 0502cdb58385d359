package io.driftless.standalone.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.secrets.SecretVault;
import io.driftless.command.secrets.SecretVaultException;
import io.driftless.diff.text.SecretKeys;
import io.driftless.events.EventCodec;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.SealedObject;
import io.driftless.events.testing.Canary;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 14 point 5, on the embedded default over real HTTP: a Secret with canary values (in
 * stringData and in data) is deployed and changed; no form of any canary (plain, base64, bare
 * SHA-256 in hex or base64 of either) is found in any column of any table (event store, snapshots,
 * every view), in the raw bytes of the H2 files under the data directory, in the log (Driftless at
 * DEBUG), or in any API answer. Then the Secret, deleted from the cluster behind Driftless's back,
 * is restored from the event store's sealed content with the server's key, and does not open with
 * another key.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class SecretCanaryIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final Canary CANARY = Canary.of(4);
  private static Path dataDir;

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "canary-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
    registry.add("logging.level.io.driftless.command", () -> "DEBUG");
    registry.add("logging.level.io.driftless.query", () -> "DEBUG");
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;
  @Autowired SecretVault vault;

  private final List<String> answers = new ArrayList<>();

  private static String secret(String plain, String base64) {
    return """
        apiVersion: v1
        kind: Secret
        metadata:
          name: creds
        type: Opaque
        stringData:
          token: %s
        data:
          password: %s
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: settings
        data:
          mode: fast
        """
        .formatted(plain, base64);
  }

  @Test
  void noCanaryAnywhereAndTheSecretIsRestoredFromTheSealedContent(CapturedOutput log)
      throws Exception {
    var first = deploy(secret(CANARY.value(0), CANARY.base64Value(1)), "?diffChanges=true");
    assertThat(first.get("description").asText()).contains("Op: 2 create");
    var second = deploy(secret(CANARY.value(2), CANARY.base64Value(3)), "?diffChanges=true");
    assertThat(second.get("description").asText()).contains("Op: 0 create, 0 delete, 1 update");
    assertThat(second.toString()).contains("<-- value not shown (#");
    var changeId = second.get("changeId").asText();
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(() -> assertThat(get("/api/apps/default/canary/changes")).hasSize(2));
    buildTimeline();
    readEveryAnswer(changeId);

    assertThat(CANARY.foundIn(String.join("\n", answers))).as("API answers").isEmpty();
    assertEveryTableIsClean();
    assertThat(CANARY.foundIn(log.getAll())).as("the log").isEmpty();
    assertTheH2FilesAreClean();

    restoreAfterADelete();
  }

  private void readEveryAnswer(String changeId) throws Exception {
    var app = "/api/apps/default/canary";
    for (var path :
        List.of(
            "/api/apps",
            app,
            app + "/changes",
            app + "/changes/" + changeId,
            app + "/changes/" + changeId + "?diffChanges=true",
            app + "/resources",
            app + "/resources/Secret/creds/timeline",
            "/api/projections")) {
      get(path);
    }
  }

  private void assertEveryTableIsClean() {
    var tables =
        jdbc.queryForList(
            "SELECT table_schema, table_name FROM information_schema.tables"
                + " WHERE table_schema <> 'information_schema' AND table_type = 'BASE TABLE'");
    assertThat(tables).extracting(t -> t.get("table_name")).contains("domain_event_entry");
    for (var table : tables) {
      var name = table.get("table_schema") + "." + table.get("table_name");
      var text = new StringBuilder();
      jdbc.query(
          "SELECT * FROM " + name,
          row -> {
            for (int i = 1; i <= row.getMetaData().getColumnCount(); i++) {
              Object value = row.getObject(i);
              text.append(value instanceof byte[] bytes ? new String(bytes, UTF8) : value);
              text.append('\t');
            }
            text.append('\n');
          });
      assertThat(CANARY.foundIn(text.toString())).as(name).isEmpty();
    }
    assertThat(storedApplies()).as("the Secret's applies are stored").hasSize(2);
  }

  private static final java.nio.charset.Charset UTF8 = java.nio.charset.StandardCharsets.UTF_8;

  private void assertTheH2FilesAreClean() throws Exception {
    try (var files = Files.list(dataDir)) {
      var databases = files.filter(f -> f.toString().endsWith(".db")).toList();
      assertThat(databases).isNotEmpty();
      for (var file : databases) {
        assertThat(CANARY.foundIn(Files.readAllBytes(file))).as(file.toString()).isEmpty();
      }
    }
  }

  /** The Secret's ResourceCreated and ResourceUpdated, as stored. */
  private List<ResourceEvent> storedApplies() {
    return jdbc.query(
        "SELECT payload_type, payload FROM domain_event_entry"
            + " WHERE aggregate_identifier = ? ORDER BY sequence_number",
        (row, i) ->
            (ResourceEvent)
                EventCodec.decodePayload(
                    row.getString(1).substring(row.getString(1).lastIndexOf('.') + 1),
                    row.getBytes(2)),
        "default/canary/core/Secret/default/creds");
  }

  private void restoreAfterADelete() {
    var last = storedApplies().get(storedApplies().size() - 1);
    SealedObject sealed =
        last instanceof ResourceUpdated u
            ? u.sealedDesired()
            : ((ResourceCreated) last).sealedDesired();
    String resourceId = last.resourceId();
    var otherKey =
        new SecretVault(SecretKeys.of(Base64.getEncoder().encodeToString(new byte[32]), List.of()));
    assertThatThrownBy(() -> otherKey.unseal(resourceId, sealed))
        .isInstanceOf(SecretVaultException.class);

    ObjectNode desired = vault.unseal(resourceId, sealed);
    assertThat(desired.at("/data/password").asText()).isEqualTo(CANARY.base64Value(3));
    assertThat(desired.at("/data/token").asText())
        .isEqualTo(Base64.getEncoder().encodeToString(CANARY.value(2).getBytes(UTF8)));
    assertThat(desired.at("/metadata/name").asText()).isEqualTo("creds");

    var secrets = cluster.secrets().inNamespace("default");
    secrets.withName("creds").delete();
    await().atMost(Duration.ofSeconds(10)).until(() -> secrets.withName("creds").get() == null);
    var restored = cluster.getKubernetesSerialization().convertValue(desired, Secret.class);
    secrets.resource(restored).create();

    var live = secrets.withName("creds").get();
    assertThat(live.getData())
        .containsEntry("password", CANARY.base64Value(3))
        .containsEntry("token", Base64.getEncoder().encodeToString(CANARY.value(2).getBytes(UTF8)));
  }

  private void buildTimeline() throws Exception {
    var accepted = send("POST", "/api/projections/timeline/rebuild", null);
    assertThat(accepted.statusCode()).as(accepted.body()).isIn(202, 409);
    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                get("/api/projections")
                    .toString()
                    .contains("\"name\":\"timeline\",\"status\":\"live\""));
  }

  private JsonNode deploy(String yaml, String query) throws Exception {
    var response = send("POST", "/api/apps/default/canary/deploy" + query, yaml);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private JsonNode get(String path) throws Exception {
    var response = send("GET", path, null);
    assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private HttpResponse<String> send(String method, String path, String yaml) throws Exception {
    var request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    if (yaml != null) {
      request
          .header("Content-Type", "application/yaml")
          .method(method, HttpRequest.BodyPublishers.ofString(yaml));
    } else {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    }
    var response = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    answers.add(response.body());
    return response;
  }
}
