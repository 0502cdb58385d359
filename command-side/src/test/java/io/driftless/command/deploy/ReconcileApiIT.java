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
import java.util.List;
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
 * {@code POST /api/apps/{ns}/{app}/reconcile} (issue 12 points 2 and 5) on the embedded defaults
 * (H2) against a sandbox that saves its objects after every write: a reconcile of an unchanged app
 * writes nothing to the cluster (its store file, which lists every object's resourceVersion and the
 * last one issued, read back with its journal, is the same) and stores no event, a hundred times in
 * a row; a manual edit of an owned field is put back with one update and one app-change with
 * trigger {@code reconcile}; a deleted Deployment comes back; a deleted or changed Secret is
 * restored from its sealed content; unknown and deleted apps are 404.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReconcileApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path DATA = Path.of("target", "reconcile-" + UUID.randomUUID());
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

  private HttpResponse<String> reconcile(String app) throws Exception {
    return reconcile(app, "");
  }

  private HttpResponse<String> reconcile(String app, String query) throws Exception {
    var request =
        HttpRequest.newBuilder(
                URI.create(
                    "http://127.0.0.1:" + port + "/api/apps/default/" + app + "/reconcile" + query))
            .POST(HttpRequest.BodyPublishers.noBody())
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode ok(HttpResponse<String> response) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private long storedEvents() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private List<String> triggers(String app) {
    return jdbc.queryForList(
        "SELECT payload FROM domain_event_entry WHERE aggregate_identifier = ?"
            + " AND payload_type LIKE '%AppChangeStarted' ORDER BY sequence_number",
        String.class, "default/" + app);
  }

  private String lastTrigger(String app) throws Exception {
    var payloads = triggers(app);
    return JSON.readTree(payloads.get(payloads.size() - 1)).get("trigger").asText();
  }

  @Test
  void reconcileOfAnUnchangedAppWritesNothingAHundredTimesInARow() throws Exception {
    ok(api.deployYaml("steady", Api.example("simple-app-v2.yml")));
    var clusterBefore = SandboxCluster.read(CLUSTER_STORE).toString();
    var eventsBefore = storedEvents();
    var snapshotsBefore =
        jdbc.queryForObject("SELECT COUNT(*) FROM snapshot_event_entry", Long.class);

    for (int i = 0; i < 100; i++) {
      var answer = ok(reconcile("steady"));
      assertThat(answer.get("changeId").isNull()).as(answer.toString()).isTrue();
      assertThat(answer.get("changes")).as(answer.toString()).isEmpty();
      assertThat(answer.get("successful").asBoolean()).isTrue();
    }

    assertThat(SandboxCluster.read(CLUSTER_STORE).toString()).isEqualTo(clusterBefore);
    assertThat(storedEvents()).isEqualTo(eventsBefore);
    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM snapshot_event_entry", Long.class))
        .isEqualTo(snapshotsBefore);
  }

  @Test
  void manualEditOfAnOwnedFieldIsPutBackWithOneUpdateAndOneReconcileChange() throws Exception {
    ok(api.deployYaml("edited", Api.example("simple-app-v1.yml").replace("simple-app", "edited")));
    var deployments = cluster.apps().deployments().inNamespace("default");
    // As kubectl edit does: read, change a field, PUT it back with the resourceVersion read.
    var live = deployments.withName("edited").get();
    live.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().get(0).setValue("edit");
    deployments.resource(live).update();
    var eventsBefore = storedEvents();

    var answer = ok(reconcile("edited"));

    assertThat(answer.get("changeId").asText()).isEqualTo("edited-change-000002");
    assertThat(answer.get("ops").toString())
        .isEqualTo("{\"create\":0,\"delete\":0,\"update\":1,\"noop\":0,\"exists\":0}");
    var change = answer.at("/changes/0");
    assertThat(change.get("kind").asText()).isEqualTo("Deployment");
    assertThat(change.get("op").asText()).isEqualTo("update");
    assertThat(change.get("result").asText()).isEqualTo("applied");
    assertThat(change.get("fields").toString())
        .contains("env[name=HELLO_MSG].value")
        .contains("\"from\":\"edit\"")
        .contains("\"to\":\"stranger\"");
    assertThat(lastTrigger("edited")).isEqualToIgnoringCase("reconcile");
    var env = deployments.withName("edited").get().getSpec().getTemplate().getSpec();
    assertThat(env.getContainers().get(0).getEnv().get(0).getValue()).isEqualTo("stranger");
    // AppChangeStarted, ResourceUpdated, AppChangeFinished
    assertThat(storedEvents()).isEqualTo(eventsBefore + 3);

    var again = ok(reconcile("edited"));
    assertThat(again.get("changeId").isNull()).as(again.toString()).isTrue();
    assertThat(storedEvents()).isEqualTo(eventsBefore + 3);
  }

  @Test
  void aDryRunShowsWhatTheReconcileWouldPutBackAndWritesNothing() throws Exception {
    ok(api.deployYaml("dry", Api.example("simple-app-v1.yml").replace("simple-app", "dry")));
    var deployments = cluster.apps().deployments().inNamespace("default");
    var live = deployments.withName("dry").get();
    live.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv().get(0).setValue("edit");
    deployments.resource(live).update();
    var clusterBefore = SandboxCluster.read(CLUSTER_STORE).toString();
    var eventsBefore = storedEvents();

    var plan = ok(reconcile("dry", "?dryRun=true"));

    assertThat(plan.get("changeId").isNull()).as(plan.toString()).isTrue();
    assertThat(plan.get("dryRun").asBoolean()).isTrue();
    assertThat(plan.at("/ops/update").asInt()).isEqualTo(1);
    assertThat(plan.at("/changes/0/fields").toString()).contains("\"from\":\"edit\"");
    assertThat(SandboxCluster.read(CLUSTER_STORE).toString()).isEqualTo(clusterBefore);
    assertThat(storedEvents()).isEqualTo(eventsBefore);
    var env = deployments.withName("dry").get().getSpec().getTemplate().getSpec();
    assertThat(env.getContainers().get(0).getEnv().get(0).getValue()).isEqualTo("edit");
    assertThat(reconcile("dry", "?dryRun=maybe").statusCode()).isEqualTo(400);
  }

  @Test
  void deletedDeploymentComesBack() throws Exception {
    ok(api.deployYaml("gone", Api.example("simple-app-v1.yml").replace("simple-app", "gone")));
    var deployments = cluster.apps().deployments().inNamespace("default");
    var uid = deployments.withName("gone").get().getMetadata().getUid();
    deployments.withName("gone").delete();
    assertThat(deployments.withName("gone").get()).isNull();

    var answer = ok(reconcile("gone"));

    assertThat(answer.at("/changes/0/op").asText()).isEqualTo("create");
    assertThat(answer.at("/changes/0/kind").asText()).isEqualTo("Deployment");
    assertThat(answer.get("changes")).hasSize(1);
    var back = deployments.withName("gone").get();
    assertThat(back).isNotNull();
    assertThat(back.getMetadata().getUid()).isNotEqualTo(uid);
    assertThat(back.getMetadata().getLabels()).containsEntry("driftless.io/app", "gone.default");
    assertThat(lastTrigger("gone")).isEqualToIgnoringCase("reconcile");
    assertThat(ok(reconcile("gone")).get("changeId").isNull()).isTrue();
  }

  @Test
  void aDeletedOrChangedSecretIsRestoredFromItsSealedContent() throws Exception {
    var secret =
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\nstringData:\n  password: canary\n"
            + "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\ndata:\n  a: b\n";
    ok(api.deployYaml("secretive", secret));
    var secrets = cluster.secrets().inNamespace("default");
    var canary = Base64.getEncoder().encodeToString("canary".getBytes(StandardCharsets.UTF_8));
    secrets.withName("creds").delete();

    var restored = ok(reconcile("secretive"));

    assertThat(restored.at("/changes/0/op").asText()).as(restored.toString()).isEqualTo("create");
    assertThat(restored.toString()).doesNotContain("canary").doesNotContain(canary);
    assertThat(secrets.withName("creds").get().getData()).containsEntry("password", canary);

    var edited = secrets.withName("creds").get();
    edited.getData().put("password", Base64.getEncoder().encodeToString("guess".getBytes()));
    secrets.resource(edited).update();

    var putBack = ok(reconcile("secretive"));

    assertThat(putBack.at("/changes/0/op").asText()).as(putBack.toString()).isEqualTo("update");
    assertThat(secrets.withName("creds").get().getData()).containsEntry("password", canary);
    var eventsAfter = storedEvents();
    assertThat(ok(reconcile("secretive")).get("changeId").isNull()).isTrue();
    assertThat(storedEvents()).isEqualTo(eventsAfter);
  }

  @Test
  void unknownAndDeletedAppsAre404() throws Exception {
    var unknown = reconcile("never-deployed");
    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(JSON.readTree(unknown.body()).get("error").asText()).isEqualTo("not_found");

    ok(api.deployYaml("short-lived", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n"));
    assertThat(api.delete("short-lived").statusCode()).isEqualTo(200);
    var eventsBefore = storedEvents();
    assertThat(reconcile("short-lived").statusCode()).isEqualTo(404);
    assertThat(storedEvents()).isEqualTo(eventsBefore);
  }
}
