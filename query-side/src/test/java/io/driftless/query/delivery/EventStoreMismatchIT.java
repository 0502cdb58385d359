package io.driftless.query.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

import io.driftless.events.AmqpFormat;
import io.driftless.events.testing.BrokerNames;
import io.driftless.query.QuerySideApplication;
import io.driftless.query.eventstore.EventStoreMismatchException;
import io.driftless.query.support.AppEvents;
import io.driftless.query.support.Http;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.TestEventStore;
import io.driftless.query.support.TestPublisher;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A query side pointed at the wrong event store: it refuses to start on a database that holds no
 * event store or cannot be reached, and one whose store is another than the events' stops consuming
 * at the first event and says so (health DOWN), leaving the events queued.
 */
class EventStoreMismatchIT {

  private static final String RUN = LocalServices.runId();
  private static final QueueNames NAMES =
      new QueueNames("driftless.events.store-" + RUN, "driftless.views.store-" + RUN);

  @AfterAll
  static void cleanUp() throws Exception {
    var failures = new ArrayList<Exception>();
    new BrokerNames(NAMES.exchange(), NAMES.workQueue()).deleteAll(failures);
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
  }

  @Test
  void refusesToStartOnADatabaseWithoutAnEventStore() {
    var empty = LocalServices.freshDatabase("driftless_not_a_store");
    assertThat(mismatch(() -> start(empty)))
        .hasMessageContaining("has no domain_event_entry table")
        .hasMessageContaining("DB_NAME");
  }

  @Test
  void refusesToStartOnAnEventStoreItCannotReach() {
    var missing = LocalServices.freshDatabase("driftless_gone");
    new JdbcTemplate(dataSource(missing))
        .execute("DROP DATABASE " + missing.substring(missing.lastIndexOf('/') + 1));
    assertThat(mismatch(() -> start(missing)))
        .hasMessageContaining("is not reachable")
        .hasMessageContaining("Unknown database");
  }

  @Test
  void stopsConsumingAtTheFirstEventOfAnotherStore() throws Exception {
    var store = TestEventStore.freshStore("store-a-" + RUN);
    try (var context = start(store);
        var publisher = new TestPublisher(NAMES.exchange(), "store-it-publisher")) {
      var http = new Http(context.getEnvironment().getProperty("local.server.port", Integer.class));
      await().atMost(Duration.ofSeconds(30)).until(() -> "UP".equals(http.health("broker")));
      var appId = "ns/other-store";
      publisher.publish(
          AppEvents.event(appId, 0, Instant.now()),
          Map.of(AmqpFormat.HEADER_STORE_ID, "store-b-" + RUN));

      await().atMost(Duration.ofSeconds(30)).until(() -> "DOWN".equals(http.health("broker")));
      var down = http.json("/actuator/health").at("/components/broker/details/consumersDown");
      assertThat(down.toString())
          .contains("events come from event store store-b-" + RUN)
          .contains("repairs gaps from event store store-a-" + RUN);
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> http.projection("history").get("waiting").asLong() == 1);
      var views = context.getBean(JdbcTemplate.class);
      assertThat(
              views.queryForObject(
                  "SELECT COUNT(*) FROM app_overview WHERE app_id = ?", Long.class, appId))
          .as("nothing applied from another store")
          .isZero();
    }
  }

  private static ConfigurableApplicationContext start(String eventStoreUrl) {
    // Arguments, not builder properties: those are defaults, below application.yml.
    return new SpringApplicationBuilder(QuerySideApplication.class)
        .run(
            "--server.port=0",
            "--spring.datasource.url=" + LocalServices.freshDatabase("driftless_store_views"),
            "--spring.datasource.username=" + LocalServices.jdbcUser(),
            "--spring.datasource.password=" + LocalServices.jdbcPassword(),
            "--driftless.delivery.mode=rabbitmq",
            "--driftless.delivery.amqp-uri=" + LocalServices.amqpUri(),
            "--driftless.delivery.connection-name=driftless-views-store-" + RUN,
            "--driftless.events.exchange=" + NAMES.exchange(),
            "--driftless.delivery.queue=" + NAMES.workQueue(),
            "--driftless.event-store.url=" + eventStoreUrl,
            "--driftless.event-store.username=" + LocalServices.jdbcUser(),
            "--driftless.event-store.password=" + LocalServices.jdbcPassword(),
            "--driftless.event-store.startup-wait=0s");
  }

  /** The start-up failure's EventStoreMismatchException, wherever in the cause chain. */
  private static Throwable mismatch(ThrowingCallable start) {
    var failure = catchThrowable(start);
    for (var cause = failure; cause != null; cause = cause.getCause()) {
      if (cause instanceof EventStoreMismatchException) {
        return cause;
      }
    }
    throw new AssertionError("start-up did not fail over the event store", failure);
  }

  private static DriverManagerDataSource dataSource(String url) {
    return new DriverManagerDataSource(url, LocalServices.jdbcUser(), LocalServices.jdbcPassword());
  }
}
