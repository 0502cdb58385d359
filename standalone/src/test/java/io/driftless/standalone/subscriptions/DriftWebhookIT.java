package io.driftless.standalone.subscriptions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.standalone.EmbeddedServers;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.micrometer.core.instrument.MeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Drift goes out (issue 30 points 4 and 5 together): an outside {@code kubectl edit} of an owned
 * field reaches a subscription to {@code drift.detected} and {@code drift.corrected} as two
 * CloudEvents, detected first, both for the app's source.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DriftWebhookIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static Receiver receiver;

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    EmbeddedServers.dataDirAndFreeSandboxPort(registry);
    registry.add("driftless.reconcile.enabled", () -> true);
    registry.add("driftless.reconcile.sync-period", () -> "1h");
    registry.add("driftless.reconcile.jitter", () -> 0);
    registry.add("driftless.reconcile.tick", () -> "50ms");
    registry.add("driftless.reconcile.watch-delay", () -> "1s");
    registry.add("driftless.reconcile.watch.rescope", () -> "500ms");
    registry.add("driftless.subscriptions.poll-interval", () -> "50ms");
  }

  @BeforeAll
  static void receiver() throws Exception {
    receiver = new Receiver();
  }

  @AfterAll
  static void stopReceiver() {
    receiver.close();
  }

  @LocalServerPort int port;
  @Autowired KubernetesClient cluster;
  @Autowired MeterRegistry metrics;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void anOutsideEditIsDeliveredAsDriftDetectedThenDriftCorrected() throws Exception {
    subscribe(
        receiver.answering("/drift", 200),
        List.of("drift.detected", "drift.corrected"),
        List.of("default/drifty"));
    var known = watchedObjects();
    deploy("drifty", "nginx:1.27");
    await().atMost(Duration.ofSeconds(30)).until(() -> watchedObjects() >= known + 1);

    cluster
        .apps()
        .deployments()
        .inNamespace("default")
        .withName("drifty")
        .patch(
            new PatchContext.Builder()
                .withPatchType(PatchType.STRATEGIC_MERGE)
                .withFieldManager("kubectl-edit")
                .build(),
            "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"app\","
                + "\"image\":\"nginx:1.28\"}]}}}}");

    await().atMost(Duration.ofSeconds(40)).until(() -> receiver.got("/drift").size() >= 2);
    assertThat(receiver.types("/drift"))
        .containsExactly("io.driftless.drift.detected.v1", "io.driftless.drift.corrected.v1");
    var detected = receiver.got("/drift").get(0).event();
    assertThat(detected.path("source").asText()).isEqualTo("/driftless/apps/default/drifty");
    assertThat(detected.path("data").path("resource").path("name").asText()).isEqualTo("drifty");
    assertThat(detected.path("data").toString()).contains("kubectl-edit");
  }

  private double watchedObjects() {
    var gauge = metrics.find("driftless.reconcile.watch.objects").gauge();
    return gauge == null ? 0 : gauge.value();
  }

  private void subscribe(String url, List<String> types, List<String> apps) throws Exception {
    var body =
        JSON.writeValueAsString(
            Map.of("url", url, "types", types, "apps", apps, "secret", "drift-webhook-secret-01"));
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/api/subscriptions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
  }

  private void deploy(String app, String image) throws Exception {
    var yaml =
        """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: %s
        spec:
          replicas: 1
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
            .formatted(app, app, app, image);
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/api/apps/default/" + app + "/deploy"))
                .header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(yaml))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  private String base() {
    return "http://127.0.0.1:" + port;
  }
}
