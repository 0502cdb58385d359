package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.events.testing.LocalServices;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import io.driftless.sandbox.controllers.Controller;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 15, points 1 and 2: a change waits for its objects as kapp does, and the streamed answer
 * shows it happening. The sandbox's controllers are instant, so a wait that must be seen going on
 * switches the controller off, watches the stream say {@code ongoing:}, switches the controller
 * back on and touches the object (the sandbox's controllers react to writes), and then sees {@code
 * ok:}. Against the sandbox and a fresh MariaDB database.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class WaitAndProgressIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static SandboxCluster sandbox;

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_wait_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = Path.of("target", "kubeconfig-" + UUID.randomUUID() + ".yaml");
    sandbox = SandboxCluster.start(new SandboxSettings("127.0.0.1", 0, kubeconfig, null));
    Runtime.getRuntime().addShutdownHook(new Thread(sandbox::close, "wait-it-cluster-shutdown"));
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig.toAbsolutePath().toString());
    registry.add("driftless.deploy.waiting-report-period", () -> "1s");
  }

  @LocalServerPort int port;
  @Autowired KubernetesClient cluster;
  @Autowired JdbcTemplate jdbc;

  private Api api;
  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  @AfterEach
  void controllersBackOn() {
    Controller.defaults().forEach(sandbox::enable);
  }

  @Test
  void deploymentWaitsForItsControllerAndTheStreamShowsEachStep() throws Exception {
    sandbox.disable(Controller.WORKLOAD_STATUS);
    var lines =
        stream(
            "POST",
            "streamed/deploy",
            deployment("web") + "---\n" + configMap("web-config"),
            line -> {
              if (line.path("line").asText().startsWith("ongoing: reconcile deployment/web")) {
                sandbox.enable(Controller.WORKLOAD_STATUS);
                touchDeployment("web");
              }
            });

    var texts = texts(lines);
    assertThat(lines.get(0).get("type").asText()).isEqualTo("plan");
    assertThat(lines.get(0).get("changes")).hasSize(2);
    assertThat(lines.get(0).get("changes").get(0).has("diff")).isFalse();
    assertThat(texts.get(0)).isEqualTo("---- applying 2 changes [0/2 done] ----");
    var create = texts.indexOf("create deployment/web (apps/v1) namespace: default");
    var ongoing = texts.indexOf("ongoing: reconcile deployment/web (apps/v1) namespace: default");
    var ok = texts.indexOf("ok: reconcile deployment/web (apps/v1) namespace: default");
    assertThat(create).isPositive();
    assertThat(ongoing).isGreaterThan(create);
    assertThat(ok).isGreaterThan(ongoing);
    assertThat(progress(lines).get(ongoing).get("detail").get(0).asText())
        .isEqualTo("Waiting for generation 1 to be observed");
    assertThat(texts).contains("ok: reconcile configmap/web-config (v1) namespace: default");
    var result = lines.get(lines.size() - 1);
    assertThat(result.get("type").asText()).isEqualTo("result");
    assertThat(result.get("successful").asBoolean()).isTrue();
    assertThat(result.get("changeId").asText()).isEqualTo("streamed-change-000001");
    assertThat(result.get("eventPosition").asLong()).isEqualTo(storedEvents());
  }

  /**
   * Issue 25, point 7: a deploy waiting for a {@code kapp.k14s.io/exists} object says so every
   * {@code driftless.deploy.waiting-report-period} (1 s here), naming the object, as kapp's {@code
   * ---- waiting on 1 changes [0/1 done] ----} does; the object, created outside once the stream
   * said so, ends the wait. Before, the stream said nothing after {@code exists ...} until the
   * object came or the wait timed out.
   */
  @Test
  void aWaitForAnExistsObjectIsReportedEveryPeriodNamingTheObject() throws Exception {
    var created = new AtomicBoolean();
    var started = System.nanoTime();
    var lines =
        stream(
            "POST",
            "awaiting/deploy?waitTimeout=30s",
            """
            apiVersion: v1
            kind: ConfigMap
            metadata:
              name: made-elsewhere
              annotations: {kapp.k14s.io/exists: ""}
            data: {key: value}
            """,
            line -> {
              if (line.path("line").asText().startsWith("---- waiting on 1 changes")
                  && !created.getAndSet(true)) {
                cluster
                    .configMaps()
                    .inNamespace("default")
                    .resource(
                        new ConfigMapBuilder()
                            .withNewMetadata()
                            .withName("made-elsewhere")
                            .withNamespace("default")
                            .endMetadata()
                            .addToData("key", "theirs")
                            .build())
                    .create();
              }
            });

    var texts = texts(lines);
    var exists = texts.indexOf("exists (exists) configmap/made-elsewhere (v1) namespace: default");
    var report = texts.indexOf("---- waiting on 1 changes [0/1 done] ----");
    var named =
        texts.indexOf("ongoing: reconcile configmap/made-elsewhere (v1) namespace: default");
    var complete = texts.indexOf("---- applying complete [1/1 done] ----");
    assertThat(exists).as(texts.toString()).isNotNegative();
    assertThat(report).as(texts.toString()).isGreaterThan(exists);
    assertThat(named).as(texts.toString()).isEqualTo(report + 1);
    assertThat(complete).as(texts.toString()).isGreaterThan(named);
    assertThat(lines.get(lines.size() - 1).get("successful").asBoolean()).isTrue();
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(Duration.ofSeconds(30));
  }

  @Test
  void aControllerSwitchedOffMakesTheDeployFailAfterWaitTimeoutWithTheReason() throws Exception {
    sandbox.disable(Controller.WORKLOAD_STATUS);
    var started = System.nanoTime();
    var response = api.deploy("stuck", deployment("stuck"), "application/yaml", "?waitTimeout=2s");
    var elapsed = (System.nanoTime() - started) / 1_000_000;

    assertThat(response.statusCode()).as(response.body()).isEqualTo(502);
    var body = JSON.readTree(response.body());
    assertThat(body.get("error").asText()).isEqualTo("cluster_error");
    assertThat(body.get("message").asText())
        .isEqualTo(
            "Timed out waiting after 2s for resources: [deployment/stuck (apps/v1) namespace:"
                + " default] (Waiting for generation 1 to be observed)");
    assertThat(body.get("successful").asBoolean()).isFalse();
    assertThat(body.get("changes").get(0).get("result").asText()).isEqualTo("failed");
    assertThat(elapsed).isGreaterThanOrEqualTo(2000);
    assertThat(body.get("eventPosition").asLong()).isEqualTo(storedEvents());
    assertThat(response.headers().firstValue("Driftless-Event-Position"))
        .hasValue(Long.toString(storedEvents()));
    var finished =
        jdbc.queryForObject(
            "SELECT CAST(payload AS CHAR) FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " ORDER BY sequence_number DESC LIMIT 1",
            String.class,
            "default/stuck");
    assertThat(finished).contains("Timed out waiting after 2s").contains("\"successful\":false");
  }

  @Test
  void aJobWaitsForCompletionAndAFailedJobFailsTheChange() throws Exception {
    sandbox.disable(Controller.JOB_COMPLETION);
    var lines =
        stream(
            "POST",
            "jobs/deploy",
            job("migrate"),
            line -> {
              if (line.path("line").asText().startsWith("ongoing: reconcile job/migrate")) {
                sandbox.enable(Controller.JOB_COMPLETION);
                touchJob("migrate");
              }
            });
    var texts = texts(lines);
    var ongoing = texts.indexOf("ongoing: reconcile job/migrate (batch/v1) namespace: default");
    var ok = texts.indexOf("ok: reconcile job/migrate (batch/v1) namespace: default");
    assertThat(ongoing).isNotNegative();
    assertThat(progress(lines).get(ongoing).get("detail").get(0).asText())
        .isEqualTo("Waiting to complete (0 active, 0 failed, 0 succeeded)");
    assertThat(ok).isGreaterThan(ongoing);
    assertThat(progress(lines).get(ok).get("detail").get(0).asText()).isEqualTo("Completed");
    assertThat(lines.get(lines.size() - 1).get("successful").asBoolean()).isTrue();

    sandbox.disable(Controller.JOB_COMPLETION);
    var failed =
        stream(
            "POST",
            "failing-jobs/deploy",
            job("broken"),
            line -> {
              if (line.path("line").asText().startsWith("ongoing: reconcile job/broken")) {
                failJob("broken");
              }
            });
    assertThat(texts(failed)).contains("fail: reconcile job/broken (batch/v1) namespace: default");
    var result = failed.get(failed.size() - 1);
    assertThat(result.get("type").asText()).isEqualTo("result");
    assertThat(result.get("successful").asBoolean()).isFalse();
    assertThat(result.get("error").asText()).isEqualTo("cluster_error");
    assertThat(result.get("message").asText())
        .isEqualTo(
            "waiting on reconcile job/broken (batch/v1) namespace: default: Finished"
                + " unsuccessfully (Failed with reason BackoffLimitExceeded: too many failures)");
    assertThat(result.get("eventPosition").asLong()).isEqualTo(storedEvents());
  }

  @Test
  void aDeleteWaitsUntilItsObjectsAreGone() throws Exception {
    assertThat(api.deployYaml("doomed", deployment("doomed")).statusCode()).isEqualTo(200);

    var lines = stream("DELETE", "doomed", null, line -> {});

    var texts = texts(lines);
    var delete = texts.indexOf("delete deployment/doomed (apps/v1) namespace: default");
    var gone = texts.indexOf("ok: delete deployment/doomed (apps/v1) namespace: default");
    assertThat(delete).isNotNegative();
    assertThat(gone).isGreaterThan(delete);
    assertThat(lines.get(lines.size() - 1).get("successful").asBoolean()).isTrue();
    assertThat(cluster.apps().deployments().inNamespace("default").withName("doomed").get())
        .isNull();
  }

  @Test
  void thePlainJsonAnswerStaysAsItWasAndCarriesTheEventPosition() throws Exception {
    var dryRun = api.deploy("plain", configMap("plain"), "application/yaml", "?dryRun=true");
    assertThat(dryRun.statusCode()).isEqualTo(200);
    assertThat(JSON.readTree(dryRun.body()).has("eventPosition")).isFalse();
    assertThat(dryRun.headers().firstValue("Driftless-Event-Position")).isEmpty();

    var response = api.deployYaml("plain", configMap("plain"));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/json");
    var body = JSON.readTree(response.body());
    assertThat(body.has("type")).isFalse();
    assertThat(fieldNames(body))
        .containsExactly(
            "app",
            "changeId",
            "dryRun",
            "successful",
            "description",
            "ops",
            "wait",
            "changes",
            "warnings",
            "eventPosition");
    assertThat(body.get("eventPosition").asLong()).isEqualTo(storedEvents());
    assertThat(response.headers().firstValue("Driftless-Event-Position"))
        .hasValue(body.get("eventPosition").asText());

    var unchanged = api.deployYaml("plain", configMap("plain"));
    assertThat(JSON.readTree(unchanged.body()).has("eventPosition")).isFalse();
  }

  @Test
  void aReconcileStreamsTheSameWayAndEventStreamFramesEachObject() throws Exception {
    assertThat(api.deployYaml("restored", configMap("restored")).statusCode()).isEqualTo(200);
    cluster.configMaps().inNamespace("default").withName("restored").delete();

    var lines = stream("POST", "restored/reconcile", null, line -> {});
    assertThat(lines.get(0).get("type").asText()).isEqualTo("plan");
    assertThat(texts(lines))
        .containsSubsequence(
            "create configmap/restored (v1) namespace: default",
            "ok: reconcile configmap/restored (v1) namespace: default");
    assertThat(lines.get(lines.size() - 1).get("changeId").asText())
        .isEqualTo("restored-change-000002");

    var request =
        HttpRequest.newBuilder(URI.create(base() + "/api/apps/default/sse/deploy"))
            .header("Content-Type", "application/yaml")
            .header("Accept", "text/event-stream")
            .POST(HttpRequest.BodyPublishers.ofString(configMap("sse")))
            .build();
    var response = http.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("text/event-stream");
    var events = response.body().split("\n\n");
    assertThat(events[0]).startsWith("data: {\"type\":\"plan\"");
    assertThat(events[events.length - 1]).startsWith("data: {\"type\":\"result\"");
    assertThat(JSON.readTree(events[events.length - 1].substring(6)).get("successful").asBoolean())
        .isTrue();
  }

  @Test
  void aStreamedRequestRefusedBeforeItsPlanGetsTheNormalErrorAnswer() throws Exception {
    var request =
        HttpRequest.newBuilder(URI.create(base() + "/api/apps/default/empty/deploy"))
            .header("Content-Type", "application/yaml")
            .header("Accept", "application/x-ndjson")
            .POST(HttpRequest.BodyPublishers.ofString("---\n"))
            .build();
    var response = http.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(422);
    assertThat(response.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/json");
    assertThat(JSON.readTree(response.body()).get("error").asText()).isEqualTo("no_resources");
  }

  private List<JsonNode> stream(String method, String path, String body, Consumer<JsonNode> each)
      throws IOException, InterruptedException {
    var builder =
        HttpRequest.newBuilder(URI.create(base() + "/api/apps/default/" + path))
            .header("Accept", "application/x-ndjson");
    if (body == null) {
      builder.method(method, HttpRequest.BodyPublishers.noBody());
    } else {
      builder
          .header("Content-Type", "application/yaml")
          .method(method, HttpRequest.BodyPublishers.ofString(body));
    }
    var response = http.send(builder.build(), HttpResponse.BodyHandlers.ofLines());
    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/x-ndjson");
    var lines = new ArrayList<JsonNode>();
    try (var stream = response.body()) {
      for (var text : (Iterable<String>) stream::iterator) {
        var line = JSON.readTree(text);
        lines.add(line);
        each.accept(line);
      }
    }
    return lines;
  }

  private static List<JsonNode> progress(List<JsonNode> lines) {
    return lines.stream().filter(l -> l.get("type").asText().equals("progress")).toList();
  }

  private static List<String> texts(List<JsonNode> lines) {
    var progress = progress(lines);
    progress.forEach(l -> assertThat(l.get("at").asText()).isNotEmpty());
    return progress.stream().map(l -> l.get("line").asText()).toList();
  }

  private static List<String> fieldNames(JsonNode node) {
    var names = new ArrayList<String>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  private long storedEvents() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private String base() {
    return "http://127.0.0.1:" + port;
  }

  /** A write of another client, to which the sandbox's controllers react. */
  private void touchDeployment(String name) {
    cluster
        .apps()
        .deployments()
        .inNamespace("default")
        .withName(name)
        .edit(
            d -> {
              d.getMetadata().getAnnotations().put("example.com/touched", "yes");
              return d;
            });
  }

  private void touchJob(String name) {
    cluster
        .batch()
        .v1()
        .jobs()
        .inNamespace("default")
        .withName(name)
        .edit(
            j -> {
              j.getMetadata().getAnnotations().put("example.com/touched", "yes");
              return j;
            });
  }

  /** The job controller's answer to a Job that used up its retries. */
  private void failJob(String name) {
    var job = cluster.batch().v1().jobs().inNamespace("default").withName(name).get();
    job.getStatus().setFailed(3);
    job.getStatus()
        .setConditions(
            List.of(
                new JobConditionBuilder()
                    .withType("Failed")
                    .withStatus("True")
                    .withReason("BackoffLimitExceeded")
                    .withMessage("too many failures")
                    .build()));
    cluster.batch().v1().jobs().inNamespace("default").resource(job).updateStatus();
  }

  private static String deployment(String name) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata: {name: %s, annotations: {example.com/note: x}}
        spec:
          replicas: 2
          selector: {matchLabels: {app: %s}}
          template:
            metadata: {labels: {app: %s}}
            spec:
              containers: [{name: web, image: "nginx:1.27"}]
        """
        .formatted(name, name, name);
  }

  private static String job(String name) {
    return """
        apiVersion: batch/v1
        kind: Job
        metadata: {name: %s, annotations: {example.com/note: x}}
        spec:
          template:
            spec:
              restartPolicy: Never
              containers: [{name: run, image: "busybox:1.36"}]
        """
        .formatted(name);
  }

  private static String configMap(String name) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata: {name: %s}
        data: {key: value}
        """
        .formatted(name);
  }
}
