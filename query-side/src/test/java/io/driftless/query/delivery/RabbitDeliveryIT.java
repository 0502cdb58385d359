package io.driftless.query.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.driftless.events.AmqpFormat;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import io.driftless.events.OpCounts;
import io.driftless.events.WaitCounts;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.TestEventStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The query side consuming the machine's RabbitMQ: malformed messages are parked with their reason
 * and never block the queue; health covers the database and the broker; the delivery is metered.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RabbitDeliveryIT {

  private static final String RUN = LocalServices.runId();
  private static final QueueNames NAMES =
      new QueueNames("driftless.events.it-" + RUN, "driftless.views.it-" + RUN);
  private static final ObjectMapper JSON = new ObjectMapper();

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_rabbit_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    registry.add("driftless.delivery.mode", () -> "rabbitmq");
    registry.add("driftless.delivery.amqp-uri", LocalServices::amqpUri);
    registry.add("driftless.events.exchange", NAMES::exchange);
    registry.add("driftless.delivery.queue", NAMES::workQueue);
    registry.add("driftless.delivery.consumers", () -> 2);
    var store = TestEventStore.freshStore("rabbit-it-" + RUN);
    registry.add("driftless.event-store.url", () -> store);
    registry.add("driftless.event-store.username", LocalServices::jdbcUser);
    registry.add("driftless.event-store.password", LocalServices::jdbcPassword);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  private Connection connection;

  @BeforeAll
  void connect() throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    connection = factory.newConnection("rabbit-delivery-it");
  }

  @AfterAll
  void cleanUp() throws Exception {
    try (var channel = connection.createChannel()) {
      channel.exchangeDelete(NAMES.exchange());
      channel.queueDelete(NAMES.workQueue());
      channel.queueDelete(NAMES.parkedQueue());
      for (int attempt = 1; attempt <= 5; attempt++) {
        channel.queueDelete(NAMES.retryQueue(attempt));
      }
    }
    connection.close();
  }

  private void publish(String routingKey, Map<String, Object> headers, byte[] body)
      throws Exception {
    try (var channel = connection.createChannel()) {
      channel.confirmSelect();
      channel.basicPublish(
          NAMES.exchange(),
          routingKey,
          new AMQP.BasicProperties.Builder().deliveryMode(2).headers(headers).build(),
          body);
      channel.waitForConfirmsOrDie(10_000);
    }
  }

  private static EventEnvelope started(String appId) {
    return started(appId, "update: x");
  }

  private static EventEnvelope started(String appId, String description) {
    return EventEnvelope.of(
        "e-" + appId,
        0,
        Instant.parse("2026-11-21T10:00:00Z"),
        new AppChangeStarted(
            appId,
            "x-change-000001",
            1,
            ChangeTrigger.DEPLOY,
            Instant.parse("2026-11-21T10:00:00Z"),
            List.of("ns"),
            Map.of(),
            OpCounts.none(),
            WaitCounts.none(),
            description));
  }

  @Test
  void malformedMessagesAreParkedWithTheirReasonAndNeverBlockTheQueue() throws Exception {
    var good = started("ns/after-the-bad-ones");
    var headers = AmqpFormat.headers(good);
    publish("App.AppChangeStarted", headers, "{not json".getBytes(StandardCharsets.UTF_8));
    var unknown =
        new String(EventCodec.encode(good), StandardCharsets.UTF_8)
            .replace("\"type\":\"AppChangeStarted\"", "\"type\":\"NoSuchEvent\"");
    publish("App.NoSuchEvent", headers, unknown.getBytes(StandardCharsets.UTF_8));
    publish("App.AppChangeStarted", Map.of(), EventCodec.encode(started("ns/no-headers")));
    publish(AmqpFormat.routingKey(good), headers, EventCodec.encode(good));

    await().atMost(Duration.ofSeconds(30)).until(() -> appRows("ns/after-the-bad-ones") == 1);
    assertThat(appRows("ns/no-headers")).isZero();
    var reasons = parkedReasons(3);
    assertThat(reasons).hasSize(3);
    assertThat(reasons)
        .anyMatch(r -> r.contains("not JSON"))
        .anyMatch(r -> r.contains("unknown event type NoSuchEvent"))
        .anyMatch(r -> r.contains("missing headers"));
  }

  @Test
  void anEventTheViewsRefuseIsParkedAloneAndTheRestOfItsBatchApplies() throws Exception {
    var before = started("ns/before-the-refused-one");
    var refused = started("ns/refused", "x".repeat(5_000)); // app_change.description is 1,024
    var after = started("ns/after-the-refused-one");
    try (var channel = connection.createChannel()) {
      channel.confirmSelect();
      for (var envelope : List.of(before, refused, after)) {
        channel.basicPublish(
            NAMES.exchange(),
            AmqpFormat.routingKey(envelope),
            new AMQP.BasicProperties.Builder()
                .deliveryMode(2)
                .headers(AmqpFormat.headers(envelope))
                .build(),
            EventCodec.encode(envelope));
      }
      channel.waitForConfirmsOrDie(10_000);
    }

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                appRows("ns/before-the-refused-one") == 1
                    && appRows("ns/after-the-refused-one") == 1);
    assertThat(appRows("ns/refused")).isZero();
    assertThat(parkedReasons(1))
        .singleElement()
        .asString()
        .contains("cannot apply AppChangeStarted ns/refused#0");
  }

  @Test
  void healthCoversTheDatabaseAndTheBroker() throws Exception {
    var health = JSON.readTree(get("/actuator/health"));
    assertThat(health.get("status").asText()).isEqualTo("UP");
    assertThat(health.get("components").get("db").get("status").asText()).isEqualTo("UP");
    assertThat(health.get("components").get("broker").get("status").asText()).isEqualTo("UP");
  }

  @Test
  void deliveryIsMetered() throws Exception {
    var metric = JSON.readTree(get("/actuator/metrics/driftless.events"));
    assertThat(metric.get("availableTags").toString())
        .contains("applied", "duplicate", "retried", "parked", "repaired");
  }

  private long appRows(String appId) {
    return jdbc.queryForObject(
        "SELECT COUNT(*) FROM app_overview WHERE app_id = ?", Long.class, appId);
  }

  private List<String> parkedReasons(int expected) throws Exception {
    var reasons = new ArrayList<String>();
    try (var channel = connection.createChannel()) {
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> channel.messageCount(NAMES.parkedQueue()) >= expected);
      for (int i = 0; i < expected; i++) {
        var message = channel.basicGet(NAMES.parkedQueue(), true);
        reasons.add(
            String.valueOf(message.getProps().getHeaders().get(BatchProcessor.HEADER_REASON)));
      }
    }
    return reasons;
  }

  private String get(String path) throws Exception {
    var response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return response.body();
  }
}
