package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.events.testing.LocalServices;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
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
 * Issue 28 point 4 over HTTP, on a fresh MariaDB database and the sandbox cluster: {@code
 * applyMode=server-side} writes as field manager {@code driftless} (operation {@code Apply}); a
 * deploy that changes a field an operator took with {@code kubectl edit} is {@code 409
 * field_conflict} naming the field and the manager, recorded as a failed change, the cluster
 * untouched; {@code forceConflicts=true} takes it; a reconcile (the app keeps its mode) forces the
 * field back and its history names who had changed it ({@code changedBy: kubectl-edit}); a bad mode
 * is {@code 400} and stores nothing.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ServerSideApplyApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SandboxCluster SANDBOX =
      SandboxCluster.start(
          new SandboxSettings(
              "127.0.0.1",
              0,
              Path.of("target", "kubeconfig-" + UUID.randomUUID() + ".yaml"),
              null));

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_ssa_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = SANDBOX.kubeconfig().toAbsolutePath().toString();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.reconcile.enabled", () -> "false");
    Runtime.getRuntime().addShutdownHook(new Thread(SANDBOX::close, "ssa-it-sandbox"));
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;

  private Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  private static String deployment(String name, String image) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: %s
        spec:
          replicas: 2
          selector:
            matchLabels:
              app: %s
          template:
            metadata:
              labels:
                app: %s
            spec:
              containers:
              - name: app
                image: %s
        """
        .formatted(name, name, name, image);
  }

  private JsonNode deploy(String app, String image, String query, int status) throws Exception {
    var response = api.deploy(app, deployment(app, image), "application/yaml", query);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  /**
   * An operator's {@code kubectl edit} of the container's image (a patch as manager kubectl-edit).
   */
  private void kubectlEdit(String name, String image) {
    cluster
        .apps()
        .deployments()
        .inNamespace("default")
        .withName(name)
        .patch(
            new PatchContext.Builder()
                .withPatchType(PatchType.STRATEGIC_MERGE)
                .withFieldManager("kubectl-edit")
                .build(),
            """
            {"spec": {"template": {"spec": {"containers": [{"name": "app", "image": "%s"}]}}}}
            """
                .formatted(image));
  }

  private JsonNode live(String name) {
    return JSON.valueToTree(
        cluster.apps().deployments().inNamespace("default").withName(name).get());
  }

  private static String image(JsonNode live) {
    return live.at("/spec/template/spec/containers/0/image").asText();
  }

  private static List<String> managers(JsonNode live) {
    var managers = new ArrayList<String>();
    live.path("metadata")
        .path("managedFields")
        .forEach(
            e -> managers.add(e.path("manager").asText() + "/" + e.path("operation").asText()));
    return managers;
  }

  private List<JsonNode> events(String app, String type) throws Exception {
    var payloads =
        jdbc.queryForList(
            "SELECT CAST(payload AS CHAR) FROM domain_event_entry WHERE aggregate_identifier LIKE ?"
                + " AND payload_type LIKE ? ORDER BY global_index",
            String.class,
            "default/" + app + "%",
            "%." + type);
    var events = new ArrayList<JsonNode>();
    for (var payload : payloads) {
      events.add(JSON.readTree(payload));
    }
    return events;
  }

  @Test
  void aConflictIsRefusedUntilForcedAndAReconcileTakesTheFieldBack() throws Exception {
    deploy("ssa-web", "nginx:1.27", "?applyMode=server-side", 200);
    assertThat(managers(live("ssa-web"))).contains("driftless/Apply");
    assertThat(events("ssa-web", "AppChangeStarted").get(0).path("applyMode").asText())
        .isEqualTo("server-side");

    kubectlEdit("ssa-web", "nginx:1.28");
    var refused = deploy("ssa-web", "nginx:1.29", "?applyMode=server-side", 409);

    assertThat(refused.get("error").asText()).isEqualTo("field_conflict");
    assertThat(refused.get("successful").asBoolean()).isFalse();
    assertThat(refused.get("details").toString()).contains("kubectl-edit").contains("image");
    assertThat(image(live("ssa-web")))
        .as("the refused apply wrote nothing")
        .isEqualTo("nginx:1.28");
    var finished = events("ssa-web", "AppChangeFinished");
    assertThat(finished.get(finished.size() - 1).path("successful").asBoolean()).isFalse();

    deploy("ssa-web", "nginx:1.29", "?applyMode=server-side&forceConflicts=true", 200);
    assertThat(image(live("ssa-web"))).isEqualTo("nginx:1.29");

    kubectlEdit("ssa-web", "nginx:1.30");
    var reconciled = api.reconcile("ssa-web");
    assertThat(reconciled.statusCode()).as(reconciled.body()).isEqualTo(200);

    assertThat(image(live("ssa-web"))).as("the reconcile forced it back").isEqualTo("nginx:1.29");
    var started = events("ssa-web", "AppChangeStarted");
    var reconcile = started.get(started.size() - 1);
    assertThat(reconcile.path("trigger").asText()).isEqualToIgnoringCase("reconcile");
    assertThat(reconcile.path("applyMode").asText()).isEqualTo("server-side");
    var updated = events("ssa-web", "ResourceUpdated");
    var putBack = updated.get(updated.size() - 1).path("fields");
    assertThat(putBack.toString())
        .contains("\"path\":\"spec.template.spec.containers[name=app].image\"")
        .contains("\"from\":\"nginx:1.30\"")
        .contains("\"changedBy\":\"kubectl-edit\"");
  }

  @Test
  void aModeThatIsNoneIs400AndStoresNothing() throws Exception {
    var before = jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);

    HttpResponse<String> response =
        api.deploy(
            "ssa-bad", deployment("ssa-bad", "nginx:1.27"), "application/yaml", "?applyMode=ssa");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(JSON.readTree(response.body()).get("error").asText()).isEqualTo("bad_parameter");
    assertThat(response.body()).contains("applyMode: must be update or server-side");
    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class))
        .isEqualTo(before);
    assertThat(cluster.apps().deployments().inNamespace("default").withName("ssa-bad").get())
        .isNull();
  }
}
