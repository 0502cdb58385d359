package io.driftless.standalone.subscriptions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.standalone.EmbeddedServers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Events out (issue 30) end to end on the embedded defaults: deploys deliver signed CloudEvents and
 * CDEvents to a real HTTP receiver on loopback; a target answering 503 gets the same event again
 * until its 2xx, and never after; a target that never answers delays no other subscription; a
 * subscription filtered by app and type gets only those.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SubscriptionsEndToEndIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SECRET = "a-webhook-secret-of-some-length";
  private static Receiver receiver;

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    EmbeddedServers.dataDirAndFreeSandboxPort(registry);
    registry.add("driftless.subscriptions.timeout", () -> "3s");
    registry.add("driftless.subscriptions.first-backoff", () -> "100ms");
    registry.add("driftless.subscriptions.max-backoff", () -> "400ms");
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

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void aDeployDeliversSignedChangeEventsAndCdEvents() throws Exception {
    var url = receiver.answering("/ok", 200);
    var id = subscribe(url, List.of("*"), List.of("default/simple-app"));

    var v1 =
        deploy(
            "default",
            "simple-app",
            Files.readString(Path.of("..", "examples", "simple-app-v1.yml")));
    await().atMost(Duration.ofSeconds(20)).until(() -> receiver.types("/ok").size() >= 3);

    assertThat(receiver.types("/ok"))
        .containsExactly(
            "io.driftless.change.started.v1",
            "io.driftless.change.finished.v1",
            "dev.cdevents.service.deployed.0.2.0");
    for (var got : receiver.got("/ok")) {
      assertThat(got.contentType()).isEqualTo("application/cloudevents+json");
      assertSigned(got);
      assertThat(got.event().path("specversion").asText()).isEqualTo("1.0");
      assertThat(got.event().path("source").asText())
          .isEqualTo("/driftless/apps/default/simple-app");
      assertThat(got.event().path("subject").asText()).isEqualTo(v1);
      assertThat(got.event().path("id").asText()).isNotBlank();
      assertThat(Instant.parse(got.event().path("time").asText())).isBeforeOrEqualTo(Instant.now());
    }
    var finished = receiver.got("/ok").get(1).event().path("data");
    assertThat(finished.path("successful").asBoolean()).isTrue();
    assertThat(finished.path("trigger").asText()).isEqualTo("deploy");
    assertThat(finished.path("ops").path("create").asInt()).isEqualTo(2);
    assertThat(finished.path("provenance").path("actor").asText()).isEqualTo("anonymous");
    var cd = receiver.got("/ok").get(2).event().path("data");
    assertThat(cd.path("context").path("type").asText())
        .isEqualTo("dev.cdevents.service.deployed.0.2.0");
    assertThat(cd.path("subject").path("id").asText()).isEqualTo("default/simple-app");
    assertThat(cd.path("subject").path("type").asText()).isEqualTo("service");
    assertThat(cd.path("subject").path("content").path("environment").path("id").asText())
        .isEqualTo("default");

    deploy(
        "default", "simple-app", Files.readString(Path.of("..", "examples", "simple-app-v2.yml")));
    await().atMost(Duration.ofSeconds(20)).until(() -> receiver.types("/ok").size() >= 6);
    assertThat(receiver.types("/ok").subList(3, 6))
        .containsExactly(
            "io.driftless.change.started.v1",
            "io.driftless.change.finished.v1",
            "dev.cdevents.service.upgraded.0.2.0");

    // The sender counts a delivery (its row, then its metric) once the target's answer is back:
    // the receiver can hold the sixth event a moment before the counts reach it (CI of 2026-12-06
    // read 5 here).
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              assertThat(get("/api/subscriptions/" + id).path("backlog").path("delivered").asLong())
                  .isEqualTo(6);
              assertThat(text("/actuator/prometheus"))
                  .contains(
                      "driftless_subscription_deliveries_total{outcome=\"delivered\",subscription=\""
                          + id
                          + "\"} 6.0");
            });
    assertThat(get("/api/subscriptions/" + id).has("secret")).isFalse();
    assertThat(text("/actuator/prometheus"))
        .contains("driftless_subscription_oldest_pending_age_seconds{subscription=\"" + id + "\"}");
    assertThat(get("/api/projections").findValuesAsText("name")).doesNotContain("subscriptions");
  }

  @Test
  void aTargetAnswering503GetsTheSameEventOnTheThirdTryAndNeverAfterIts2xx() throws Exception {
    var url = receiver.answering("/flaky", 503, 503, 200);
    var id = subscribe(url, List.of("change.finished"), List.of("default/flaky"));

    deploy("default", "flaky", configMap("flaky"));
    await().atMost(Duration.ofSeconds(20)).until(() -> receiver.got("/flaky").size() >= 3);
    await()
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(3))
        .until(() -> receiver.got("/flaky").size() == 3);

    var ids = receiver.got("/flaky").stream().map(r -> r.event().path("id").asText()).distinct();
    assertThat(ids).hasSize(1);
    receiver.got("/flaky").forEach(SubscriptionsEndToEndIT::assertSigned);
    var deliveries = get("/api/subscriptions/" + id + "/deliveries?status=delivered");
    assertThat(deliveries).hasSize(1);
    assertThat(deliveries.get(0).path("attempts").asInt()).isEqualTo(3);
    assertThat(deliveries.get(0).path("lastStatus").asInt()).isEqualTo(200);
    assertThat(deliveries.get(0).path("eventId").asText())
        .isEqualTo(receiver.got("/flaky").get(0).event().path("id").asText());
    assertThat(text("/actuator/prometheus"))
        .contains(
            "driftless_subscription_deliveries_total{outcome=\"failed\",subscription=\""
                + id
                + "\"} 2.0");
  }

  @Test
  void aTargetThatNeverAnswersDelaysNoOtherSubscription() throws Exception {
    subscribe(receiver.neverAnswering("/black-hole"), List.of("*"), List.of("*"));
    subscribe(
        receiver.answering("/prompt", 200), List.of("change.finished"), List.of("default/prompt"));

    deploy("default", "prompt", configMap("prompt"));
    var answered = Instant.now();
    await().atMost(Duration.ofSeconds(20)).until(() -> !receiver.got("/prompt").isEmpty());

    // The black hole holds its deliveries for the whole timeout (3 s); the other came at once.
    assertThat(Duration.between(answered, Instant.now())).isLessThan(Duration.ofMillis(2500));
    assertThat(receiver.got("/black-hole")).isNotEmpty();
  }

  @Test
  void aSubscriptionFilteredByAppAndTypeGetsOnlyThose() throws Exception {
    var only =
        subscribe(
            receiver.answering("/only", 200), List.of("change.finished"), List.of("default/only"));
    subscribe(
        receiver.answering("/all", 200), List.of("*"), List.of("default/only", "default/other"));

    deploy("default", "only", configMap("only"));
    deploy("default", "other", configMap("other"));
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> receiver.types("/all").size() >= 6 && !receiver.got("/only").isEmpty());

    assertThat(receiver.types("/only")).containsExactly("io.driftless.change.finished.v1");
    assertThat(receiver.got("/only").get(0).event().path("source").asText())
        .isEqualTo("/driftless/apps/default/only");
    var rows = get("/api/subscriptions/" + only + "/deliveries");
    assertThat(rows).hasSize(1);
    assertThat(rows.get(0).path("app").asText()).isEqualTo("default/only");

    var listed = cli("subscriptions", "deliveries", only, "--status", "delivered");
    assertThat(listed).contains("io.driftless.change.finished.v1").contains("delivered");
    assertThat(cli("subscriptions", "rm", only)).contains("Subscription " + only + " deleted");
    var gone =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/api/subscriptions/" + only)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(gone.statusCode()).isEqualTo(404);
  }

  /**
   * Runs the CLI against this server in this JVM; returns its output, failing on a non-zero exit.
   */
  private String cli(String... args) {
    var out = new java.io.StringWriter();
    var err = new java.io.StringWriter();
    var all = new java.util.ArrayList<>(List.of(args));
    all.addAll(List.of("--server", base(), "--color", "never"));
    var exit =
        io.driftless.cli.DriftlessCli.execute(
            Map.of(),
            new java.io.PrintWriter(out, true),
            new java.io.PrintWriter(err, true),
            all.toArray(String[]::new));
    assertThat(exit).as(err.toString()).isZero();
    return out.toString();
  }

  private static void assertSigned(Receiver.Received got) {
    var parts = got.signature().split(",");
    assertThat(parts[0]).startsWith("t=");
    var t = parts[0].substring(2);
    assertThat(Long.parseLong(t))
        .isCloseTo(Instant.now().getEpochSecond(), org.assertj.core.api.Assertions.within(60L));
    assertThat(parts[1]).isEqualTo("v1=" + hmac(t + "." + got.body()));
  }

  private static String hmac(String text) {
    try {
      var mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String configMap(String app) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %s-settings
        data:
          greeting: hello
        """
        .formatted(app);
  }

  private String subscribe(String url, List<String> types, List<String> apps) throws Exception {
    var body =
        JSON.writeValueAsString(Map.of("url", url, "types", types, "apps", apps, "secret", SECRET));
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/api/subscriptions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
    return JSON.readTree(response.body()).path("id").asText();
  }

  /** Deploys and returns the change id. */
  private String deploy(String namespace, String app, String yaml) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(base() + "/api/apps/" + namespace + "/" + app + "/deploy"))
                .header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(yaml))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body()).path("changeId").asText();
  }

  private JsonNode get(String path) throws Exception {
    return JSON.readTree(text(path));
  }

  private String text(String path) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
    return response.body();
  }

  private String base() {
    return "http://127.0.0.1:" + port;
  }
}
