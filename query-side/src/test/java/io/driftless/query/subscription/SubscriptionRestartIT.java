package io.driftless.query.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.ConnectionFactory;
import com.sun.net.httpserver.HttpServer;
import io.driftless.events.AmqpFormat;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppLocked;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import io.driftless.events.OpCounts;
import io.driftless.events.Provenance;
import io.driftless.events.WaitCounts;
import io.driftless.query.QuerySideApplication;
import io.driftless.query.delivery.QueueNames;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.TestEventStore;
import java.net.InetSocketAddress;
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
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * Delivery rows outlive the consumer (MariaDB and RabbitMQ): rows made from consumed events stay
 * when the query side stops, the broker's redelivery of the same events after the restart adds
 * none, and the restarted process sends them (the target answered 503 before, 2xx after) in order
 * per app, each once delivered.
 */
class SubscriptionRestartIT {

  private static final String RUN = LocalServices.runId();
  private static final QueueNames NAMES =
      new QueueNames("driftless.events.subs-it-" + RUN, "driftless.views.subs-it-" + RUN);
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant AT = Instant.parse("2026-11-27T10:00:00Z");

  private final String views = LocalServices.freshDatabase("driftless_subs_restart");
  private final String store = TestEventStore.freshStore("subs-restart-" + RUN);
  private final AtomicBoolean healthy = new AtomicBoolean();
  private final List<String> delivered = new CopyOnWriteArrayList<>();
  private final List<String> tried = new CopyOnWriteArrayList<>();
  private HttpServer receiver;

  @AfterEach
  void cleanUp() throws Exception {
    if (receiver != null) {
      receiver.stop(0);
    }
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    try (var connection = factory.newConnection("subs-restart-it-cleanup");
        var channel = connection.createChannel()) {
      channel.exchangeDelete(NAMES.exchange());
      channel.queueDelete(NAMES.workQueue());
      channel.queueDelete(NAMES.parkedQueue());
      for (int attempt = 1; attempt <= 5; attempt++) {
        channel.queueDelete(NAMES.retryQueue(attempt));
      }
    }
  }

  @Test
  void deliveryRowsSurviveARestartOfTheConsumerAndRedeliveriesAddNone() throws Exception {
    var url = startReceiver();
    var events = events("ns/app");
    TestEventStore.append(storeSource(), events);
    var rows = new JdbcTemplate(viewsSource());

    try (var first = start()) {
      awaitConsuming(port(first));
      subscribe(port(first), url);
      publish(events.subList(0, 2));
      await().atMost(Duration.ofSeconds(30)).until(() -> count(rows, null) == 3);
      await().atMost(Duration.ofSeconds(30)).until(() -> tried.size() >= 2);
    }
    assertThat(count(rows, "delivered")).isZero();
    assertThat(count(rows, null)).isEqualTo(3);

    publish(events); // the first two again (a redelivery), and a third event
    healthy.set(true);
    try (var second = start()) {
      awaitConsuming(port(second));
      await().atMost(Duration.ofSeconds(30)).until(() -> count(rows, "delivered") == 4);
      await()
          .during(Duration.ofMillis(500))
          .atMost(Duration.ofSeconds(5))
          .until(() -> delivered.size() == 4);
    }
    assertThat(count(rows, null)).isEqualTo(4);
    assertThat(delivered)
        .containsExactly(
            "io.driftless.change.started.v1",
            "io.driftless.change.finished.v1",
            "dev.cdevents.service.deployed.0.2.0",
            "io.driftless.app.locked.v1");
  }

  private static long count(JdbcTemplate rows, String status) {
    return status == null
        ? rows.queryForObject("SELECT COUNT(*) FROM event_delivery", Long.class)
        : rows.queryForObject(
            "SELECT COUNT(*) FROM event_delivery WHERE status = ?", Long.class, status);
  }

  private ConfigurableApplicationContext start() {
    var key = Base64.getEncoder().encodeToString(new byte[32]);
    // Command-line arguments: they win over application.yml (builder properties would not).
    return new SpringApplicationBuilder(QuerySideApplication.class)
        .run(
            "--server.port=0",
            "--spring.datasource.url=" + views,
            "--spring.datasource.username=" + LocalServices.jdbcUser(),
            "--spring.datasource.password=" + LocalServices.jdbcPassword(),
            "--driftless.delivery.mode=rabbitmq",
            "--driftless.delivery.amqp-uri=" + LocalServices.amqpUri(),
            "--driftless.events.exchange=" + NAMES.exchange(),
            "--driftless.delivery.queue=" + NAMES.workQueue(),
            "--driftless.event-store.url=" + store,
            "--driftless.event-store.username=" + LocalServices.jdbcUser(),
            "--driftless.event-store.password=" + LocalServices.jdbcPassword(),
            "--driftless.secrets.key=" + key,
            "--driftless.subscriptions.first-backoff=100ms",
            "--driftless.subscriptions.max-backoff=200ms",
            "--driftless.subscriptions.poll-interval=50ms");
  }

  /** Until the consumers consume (they declare the exchange and queue on their own threads). */
  private static void awaitConsuming(int port) {
    var http = HttpClient.newHttpClient();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                http.send(
                            HttpRequest.newBuilder(
                                    URI.create("http://127.0.0.1:" + port + "/actuator/health"))
                                .build(),
                            HttpResponse.BodyHandlers.ofString())
                        .statusCode()
                    == 200);
  }

  private static int port(ConfigurableApplicationContext context) {
    return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
  }

  private String startReceiver() throws Exception {
    receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 10);
    receiver.createContext(
        "/hook",
        exchange -> {
          var body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
          var type = JSON.readTree(body).path("type").asText();
          tried.add(type);
          if (healthy.get()) {
            delivered.add(type);
          }
          exchange.sendResponseHeaders(healthy.get() ? 204 : 503, -1);
          exchange.close();
        });
    receiver.start();
    return "http://127.0.0.1:" + receiver.getAddress().getPort() + "/hook";
  }

  private static void subscribe(int port, String url) throws Exception {
    var body =
        JSON.writeValueAsString(
            Map.of(
                "url",
                url,
                "types",
                List.of("*"),
                "apps",
                List.of("ns/app"),
                "secret",
                "restart-it-secret-0123456789"));
    var response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/subscriptions"))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
  }

  private static List<EventEnvelope> events(String appId) {
    var change = "app-change-000001";
    var provenance = new Provenance("ci", "driftless-cli", "release", Map.of("git.commit", "abc"));
    return List.of(
        EventEnvelope.of(
            "e1-" + RUN,
            0,
            AT,
            new AppChangeStarted(
                appId,
                change,
                1,
                ChangeTrigger.DEPLOY,
                AT,
                List.of("ns"),
                Map.of(),
                OpCounts.none(),
                WaitCounts.none(),
                "update",
                null,
                null,
                null,
                provenance,
                null)),
        EventEnvelope.of(
            "e2-" + RUN,
            1,
            AT.plusSeconds(1),
            new AppChangeFinished(
                appId, change, true, "update", OpCounts.none(), WaitCounts.none(), AT, null)),
        EventEnvelope.of(
            "e3-" + RUN,
            2,
            AT.plusSeconds(2),
            new AppLocked(appId, "app-change-000002", 2, "freeze", provenance, AT)));
  }

  private static void publish(List<EventEnvelope> events) throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    try (var connection = factory.newConnection("subs-restart-it");
        var channel = connection.createChannel()) {
      channel.confirmSelect();
      for (var event : events) {
        channel.basicPublish(
            NAMES.exchange(),
            AmqpFormat.routingKey(event),
            new AMQP.BasicProperties.Builder()
                .deliveryMode(2)
                .headers(AmqpFormat.headers(event))
                .build(),
            EventCodec.encode(event));
      }
      channel.waitForConfirmsOrDie(10_000);
    }
  }

  private DriverManagerDataSource viewsSource() {
    return new DriverManagerDataSource(
        views, LocalServices.jdbcUser(), LocalServices.jdbcPassword());
  }

  private DriverManagerDataSource storeSource() {
    return new DriverManagerDataSource(
        store, LocalServices.jdbcUser(), LocalServices.jdbcPassword());
  }
}
