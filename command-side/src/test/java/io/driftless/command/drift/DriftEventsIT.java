package io.driftless.command.drift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 30 point 4 end to end on the embedded defaults and the sandbox cluster, with the watch
 * trigger on and a sync period of an hour (every reconcile here is one a watch asked for, 2 s after
 * the edit): an outside edit of an owned field by another field manager is exactly one {@code
 * DriftDetected} naming the field and the manager, and the reconcile that puts it back records
 * {@code DriftCorrected} right after its {@code ResourceUpdated}; a locked app's drift is put back
 * as any other (a lock freezes deploys and deletes, not reconciles); Driftless's own writes
 * (deploys, updates, reconciles) never record drift.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// Closed after the class: its watches and scheduler would go on in the cached context.
@DirtiesContext
class DriftEventsIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String IMAGE_PATH = "spec.template.spec.containers[name=app].image";

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = Path.of("target", "drift-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.reconcile.enabled", () -> true);
    registry.add("driftless.reconcile.sync-period", () -> "1h");
    registry.add("driftless.reconcile.jitter", () -> 0);
    registry.add("driftless.reconcile.tick", () -> "50ms");
    registry.add("driftless.reconcile.watch-delay", () -> "2s");
    registry.add("driftless.reconcile.watch.rescope", () -> "500ms");
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;
  @Autowired MeterRegistry metrics;

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

  private void deploy(String app, String image) {
    var response = api.deployYaml(app, deployment(app, image));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  private static String resourceId(String app) {
    return "default/" + app + "/apps/Deployment/default/" + app;
  }

  /** The owned Deployment's events, in order: type (simple name) and payload. */
  private List<Event> events(String app) throws Exception {
    var rows =
        jdbc.queryForList(
            "SELECT payload_type, payload FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " ORDER BY sequence_number",
            resourceId(app));
    var events = new ArrayList<Event>();
    for (var row : rows) {
      var type = ((String) row.get("payload_type")).replace("io.driftless.events.", "");
      events.add(new Event(type, JSON.readTree((byte[]) row.get("payload"))));
    }
    return events;
  }

  private record Event(String type, JsonNode payload) {}

  private List<Event> of(String app, String type) throws Exception {
    return events(app).stream().filter(e -> e.type().equals(type)).toList();
  }

  /** Every drift event of the app's objects (all its aggregates). */
  private long driftEvents(String app) {
    return jdbc.queryForObject(
        "SELECT COUNT(*) FROM domain_event_entry WHERE aggregate_identifier LIKE ?"
            + " AND payload_type IN ('io.driftless.events.DriftDetected',"
            + " 'io.driftless.events.DriftCorrected')",
        Long.class,
        "default/" + app + "/%");
  }

  private io.fabric8.kubernetes.client.dsl.Resource<Deployment> live(String name) {
    return cluster.apps().deployments().inNamespace("default").withName(name);
  }

  /** An operator's {@code kubectl edit} of the image: a patch as field manager kubectl-edit. */
  private void kubectlEdit(String name, String image) {
    live(name)
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

  private String image(String name) {
    return live(name).get().getSpec().getTemplate().getSpec().getContainers().get(0).getImage();
  }

  private double watchedObjects() {
    var gauge = metrics.find("driftless.reconcile.watch.objects").gauge();
    return gauge == null ? 0 : gauge.value();
  }

  /**
   * Deploys and waits until the watches know the new object: an edit before that would be the
   * object's first sighting (a create), never a change.
   */
  private void deployWatched(String app, String image) {
    var known = watchedObjects();
    deploy(app, image);
    await().atMost(Duration.ofSeconds(30)).until(() -> watchedObjects() >= known + 1);
  }

  private String lastResult(String app) {
    var rows =
        jdbc.queryForList(
            "SELECT last_result FROM reconcile_lease WHERE app_id = ?",
            String.class,
            "default/" + app);
    return rows.isEmpty() ? null : rows.get(0);
  }

  @Test
  void anOutsideEditIsOneDriftDetectedAndTheReconcileThatPutsItBackCorrectsIt() throws Exception {
    deployWatched("drifty", "nginx:1.27");

    kubectlEdit("drifty", "nginx:1.28");

    await().atMost(Duration.ofSeconds(30)).until(() -> !of("drifty", "DriftCorrected").isEmpty());
    assertThat(image("drifty")).isEqualTo("nginx:1.27");
    var events = events("drifty");
    var detected = of("drifty", "DriftDetected");
    assertThat(detected).hasSize(1);
    var fields = detected.get(0).payload().get("fields");
    assertThat(fields).hasSize(1);
    assertThat(fields.get(0).get("path").asText()).isEqualTo(IMAGE_PATH);
    assertThat(fields.get(0).get("from").asText()).isEqualTo("nginx:1.28");
    assertThat(fields.get(0).get("to").asText()).isEqualTo("nginx:1.27");
    assertThat(fields.get(0).get("changedBy").asText()).isEqualTo("kubectl-edit");
    assertThat(detected.get(0).payload().get("changeId").asText())
        .isEqualTo("drifty-change-000001");

    var types = events.stream().map(Event::type).toList();
    assertThat(types)
        .containsExactly("ResourceCreated", "DriftDetected", "ResourceUpdated", "DriftCorrected");
    var update = events.get(2).payload();
    var corrected = events.get(3).payload();
    assertThat(corrected.get("changeId").asText())
        .isEqualTo(update.get("changeId").asText())
        .isEqualTo("drifty-change-000002");
    assertThat(corrected.get("paths").get(0).asText()).isEqualTo(IMAGE_PATH);
    assertThat(update.get("fields").get(0).get("changedBy").asText()).isEqualTo("kubectl-edit");
  }

  @Test
  void aLockedAppsDriftIsPutBackAsAnyOther() throws Exception {
    deployWatched("frozen", "nginx:1.27");
    assertThat(send("POST", "/api/apps/default/frozen/lock", "{\"reason\": \"freeze\"}"))
        .isEqualTo(200);

    kubectlEdit("frozen", "nginx:1.29");

    // A lock refuses deploys and deletes; the watch's reconcile still puts the field back.
    await().atMost(Duration.ofSeconds(30)).until(() -> !of("frozen", "DriftCorrected").isEmpty());
    assertThat(of("frozen", "DriftDetected")).hasSize(1);
    assertThat(of("frozen", "DriftCorrected")).hasSize(1);
    assertThat(image("frozen")).isEqualTo("nginx:1.27");
    await().atMost(Duration.ofSeconds(30)).until(() -> "applied".equals(lastResult("frozen")));
  }

  @Test
  void driftlessOwnWritesNeverRecordDrift() throws Exception {
    deployWatched("quiet-marker", "nginx:1.27");

    deployWatched("quiet", "nginx:1.27");
    deploy("quiet", "nginx:1.28");
    assertThat(api.reconcile("quiet").statusCode()).isEqualTo(200);
    deploy("quiet", "nginx:1.29");

    // The same watch (Deployments, all apps) and the drift check's one worker take reports in
    // order: once the marker's later edit is recorded, every report of quiet's writes was checked.
    kubectlEdit("quiet-marker", "nginx:1.30");
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> !of("quiet-marker", "DriftDetected").isEmpty());
    assertThat(driftEvents("quiet")).isZero();
    assertThat(of("quiet", "ResourceUpdated")).hasSize(2);
  }

  private int send(String method, String path, String body) throws Exception {
    var request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body))
            .header("Content-Type", "application/json")
            .build();
    HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    return response.statusCode();
  }
}
