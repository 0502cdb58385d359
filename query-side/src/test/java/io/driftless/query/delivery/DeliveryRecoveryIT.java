package io.driftless.query.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.driftless.events.testing.BrokerConnections;
import io.driftless.events.testing.BrokerNames;
import io.driftless.query.support.AppEvents;
import io.driftless.query.support.Http;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.OffsetLock;
import io.driftless.query.support.TestEventStore;
import io.driftless.query.support.TestPublisher;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The consumers outlive what the broker does to them: connections closed from the broker's side
 * (with a batch in flight, whose ack then cannot be sent and which the broker redelivers) and a
 * consumer cancelled because its queue was deleted. Health is DOWN while a consumer is not
 * consuming (the recovery interval is long enough to see it) and UP again after; every event is
 * applied, once, without restarting anything.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeliveryRecoveryIT {

  private static final String RUN = LocalServices.runId();
  private static final QueueNames NAMES =
      new QueueNames("driftless.events.recovery-" + RUN, "driftless.views.recovery-" + RUN);

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add(
        "spring.datasource.url", () -> LocalServices.freshDatabase("driftless_recovery_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    registry.add("driftless.delivery.mode", () -> "rabbitmq");
    registry.add("driftless.delivery.amqp-uri", LocalServices::amqpUri);
    registry.add("driftless.events.exchange", NAMES::exchange);
    registry.add("driftless.delivery.queue", NAMES::workQueue);
    registry.add("driftless.delivery.recovery-interval", () -> "4s");
    registry.add("driftless.delivery.connection-name", () -> "driftless-views-" + RUN);
    var store = TestEventStore.freshStore("recovery-it-" + RUN);
    registry.add("driftless.event-store.url", () -> store);
    registry.add("driftless.event-store.username", LocalServices::jdbcUser);
    registry.add("driftless.event-store.password", LocalServices::jdbcPassword);
  }

  @LocalServerPort int port;
  @Autowired DataSource views;
  @Autowired JdbcTemplate jdbc;
  @Autowired MeterRegistry meters;
  private Http http;
  private TestPublisher publisher;

  @BeforeAll
  void connect() throws Exception {
    http = new Http(port);
    // Not named after the run: closing the run's connections leaves the test's publisher.
    publisher = new TestPublisher(NAMES.exchange(), "recovery-it-publisher");
  }

  @BeforeEach
  void consumersUp() {
    await().atMost(Duration.ofSeconds(30)).until(() -> "UP".equals(http.health("broker")));
  }

  @AfterAll
  void cleanUp() throws Exception {
    publisher.close();
    var failures = new ArrayList<Exception>();
    new BrokerNames(NAMES.exchange(), NAMES.workQueue()).deleteAll(failures);
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
  }

  @Test
  void connectionsClosedByTheBrokerMidBatchComeBackAndEveryEventIsAppliedOnce() throws Exception {
    var appId = "ns/closed-" + RUN;
    publisher.publish(AppEvents.event(appId, 0, Instant.now()));
    await().atMost(Duration.ofSeconds(30)).until(() -> lastSequence(appId) == 0);
    var duplicatesBefore = duplicates();

    try (var lock = new OffsetLock(views, appId)) {
      publisher.publish(AppEvents.event(appId, 1, Instant.now()));
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> http.projection("history").get("waiting").asLong() == 1);
      var closed = BrokerConnections.close(RUN);
      assertThat(closed).contains("driftless-views-" + RUN + "-0");
      await().atMost(Duration.ofSeconds(3)).until(() -> "DOWN".equals(http.health("broker")));
      var consumer = "driftless-views-" + RUN + "-0";
      var down = http.json("/actuator/health").at("/components/broker/details/consumersDown");
      assertThat(down.path(consumer).asText()).as(down.toString()).contains("connection closed");
      publisher.publish(AppEvents.event(appId, 2, Instant.now()));
      publisher.publish(AppEvents.event(appId, 3, Instant.now()));
    }

    await().atMost(Duration.ofSeconds(30)).until(() -> "UP".equals(http.health("broker")));
    await().atMost(Duration.ofSeconds(30)).until(() -> lastSequence(appId) == 3);
    assertThat(changeRows(appId)).isEqualTo(2);
    assertThat(duplicates() - duplicatesBefore)
        .as("the batch in flight was redelivered, and taken as a duplicate")
        .isGreaterThanOrEqualTo(1);
  }

  @Test
  void aConsumerCancelledByTheBrokerConsumesAgain() throws Exception {
    try (var channel = publisher.connection().createChannel()) {
      channel.queueDelete(NAMES.workQueue());
    }
    await().atMost(Duration.ofSeconds(3)).until(() -> "DOWN".equals(http.health("broker")));
    await().atMost(Duration.ofSeconds(30)).until(() -> "UP".equals(http.health("broker")));

    var appId = "ns/after-cancel-" + RUN;
    publisher.publish(AppEvents.event(appId, 0, Instant.now()));
    await().atMost(Duration.ofSeconds(30)).until(() -> lastSequence(appId) == 0);
  }

  private long lastSequence(String appId) {
    return jdbc
        .queryForList(
            "SELECT last_sequence FROM projection_offset WHERE projection = 'history'"
                + " AND aggregate_id = ?",
            Long.class,
            appId)
        .stream()
        .findFirst()
        .orElse(-1L);
  }

  private long changeRows(String appId) {
    return jdbc.queryForObject(
        "SELECT COUNT(*) FROM app_change WHERE app_id = ? AND finished_at IS NOT NULL",
        Long.class,
        appId);
  }

  private double duplicates() {
    return meters.get("driftless.events").tag("outcome", "duplicate").counter().count();
  }
}
