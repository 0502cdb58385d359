package io.driftless.query.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.driftless.events.testing.BrokerNames;
import io.driftless.query.support.AppEvents;
import io.driftless.query.support.Http;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.OffsetLock;
import io.driftless.query.support.TestEventStore;
import io.driftless.query.support.TestPublisher;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The current lag on the real RabbitMQ: zero while nothing waits, growing while an event waits in a
 * consumer's hands (its batch held up by a locked offset row), health DOWN past {@code
 * driftless.delivery.max-lag}, and back to zero once it is applied; {@code lastEventAt} is the
 * stored time of the newest applied event.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ViewLagIT {

  private static final String RUN = LocalServices.runId();
  private static final QueueNames NAMES =
      new QueueNames("driftless.events.lag-" + RUN, "driftless.views.lag-" + RUN);

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_lag_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    registry.add("driftless.delivery.mode", () -> "rabbitmq");
    registry.add("driftless.delivery.amqp-uri", LocalServices::amqpUri);
    registry.add("driftless.events.exchange", NAMES::exchange);
    registry.add("driftless.delivery.queue", NAMES::workQueue);
    registry.add("driftless.delivery.max-lag", () -> "2s");
    registry.add("driftless.delivery.connection-name", () -> "driftless-views-lag-" + RUN);
    var store = TestEventStore.freshStore("lag-it-" + RUN);
    registry.add("driftless.event-store.url", () -> store);
    registry.add("driftless.event-store.username", LocalServices::jdbcUser);
    registry.add("driftless.event-store.password", LocalServices::jdbcPassword);
  }

  @LocalServerPort int port;
  @Autowired DataSource views;
  private Http http;
  private TestPublisher publisher;

  @BeforeAll
  void connect() throws Exception {
    http = new Http(port);
    publisher = new TestPublisher(NAMES.exchange(), "view-lag-it-publisher");
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
  void lagIsZeroWhenIdleGrowsWhileAnEventWaitsAndReturnsToZero() throws Exception {
    var appId = "ns/lagging";
    var firstStored = Instant.now().truncatedTo(ChronoUnit.MILLIS).minusSeconds(1);
    publisher.publish(AppEvents.event(appId, 0, firstStored));
    await().atMost(Duration.ofSeconds(30)).until(() -> lastEventAt().equals(firstStored));
    assertIdle();

    try (var lock = new OffsetLock(views, appId)) {
      var secondStored = Instant.now().truncatedTo(ChronoUnit.MILLIS);
      publisher.publish(AppEvents.event(appId, 1, secondStored));
      var seen = new AtomicLong();
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(
              () -> {
                var history = http.projection("history");
                assertThat(history.get("waiting").asLong()).isEqualTo(1);
                assertThat(history.get("lagMillis").asLong()).isPositive();
                seen.set(history.get("lagMillis").asLong());
              });
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> http.projection("history").get("lagMillis").asLong() > seen.get() + 500);
      assertThat(lastEventAt()).as("nothing applied meanwhile").isEqualTo(firstStored);
      await().atMost(Duration.ofSeconds(30)).until(() -> "DOWN".equals(http.health("viewLag")));
      assertThat(http.json("/actuator/health").get("status").asText()).isEqualTo("DOWN");
      lock.close();
      await().atMost(Duration.ofSeconds(30)).until(() -> lastEventAt().equals(secondStored));
    }
    assertIdle();
    await().atMost(Duration.ofSeconds(10)).until(() -> "UP".equals(http.health("viewLag")));
  }

  private void assertIdle() {
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(
            () -> {
              for (var view : http.json("/api/projections")) {
                assertThat(view.get("waiting").asLong()).isZero();
                assertThat(view.get("lagMillis").asLong()).isZero();
                assertThat(view.get("lag").asText()).isEqualTo("PT0S");
              }
            });
  }

  private Instant lastEventAt() {
    var value = http.projection("history").get("lastEventAt");
    return value.isNull() ? Instant.EPOCH : Instant.parse(value.asText());
  }

  @Test
  void aViewThatAppliedNothingHasNoLastEvent() {
    // The inventory follows ResourceChange events only; this class publishes App events.
    assertThat(http.projection("inventory").get("lastEventAt").isNull()).isTrue();
  }
}
