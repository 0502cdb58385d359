package io.driftless.query.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.ConnectionFactory;
import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.AmqpFormat;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.EventHistoryGenerator;
import io.driftless.query.drift.DriftProjection;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.overview.OverviewProjection;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.support.DesiredFold;
import io.driftless.query.support.DriftFold;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.ProvenanceEvents;
import io.driftless.query.support.SequentialFold;
import io.driftless.query.support.TestEventStore;
import io.driftless.query.support.ViewTables;
import io.driftless.query.travel.DesiredProjection;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * The oracle test: 20,000+ events of 240 aggregates (App and ResourceChange, so the multi-aggregate
 * overview is exercised; with reconciles, ghost diffs and yields added by {@link DriftFold})
 * published to the real RabbitMQ shuffled, 10% of them twice, to three competing consumers, one of
 * which loses its connection mid-run without acking. Every view must end equal, row for row, to the
 * sequential fold of the same events computed independently by {@link SequentialFold}.
 */
class OracleIT {

  private static final int KEEP = 25;
  private static final int APPS = 40;
  private static final int RESOURCES_PER_APP = 5;
  private static final int MIN_EVENTS = 20_000;

  private HikariDataSource dataSource;
  private RabbitViewDelivery delivery;
  private com.rabbitmq.client.Connection publisherConnection;
  private QueueNames names;

  @AfterEach
  void tearDown() throws Exception {
    if (delivery != null) {
      delivery.stop();
    }
    if (publisherConnection != null) {
      try (var channel = publisherConnection.createChannel()) {
        channel.exchangeDelete(names.exchange());
        channel.queueDelete(names.workQueue());
        channel.queueDelete(names.parkedQueue());
        for (int attempt = 1; attempt <= 3; attempt++) {
          channel.queueDelete(names.retryQueue(attempt));
        }
      }
      publisherConnection.close();
    }
    if (dataSource != null) {
      dataSource.close();
    }
  }

  @Test
  void viewsEqualTheSequentialFoldWhateverTheDeliveryOrder() throws Exception {
    var events =
        ProvenanceEvents.withProvenance(
            DriftFold.withDrift(
                new EventHistoryGenerator(20261121L).generate(APPS, RESOURCES_PER_APP, MIN_EVENTS),
                20261121L),
            20261121L);
    var aggregates = events.stream().map(EventEnvelope::aggregateId).distinct().count();
    assertThat(events.size()).isGreaterThanOrEqualTo(MIN_EVENTS);
    assertThat(aggregates).isGreaterThanOrEqualTo(200);
    var expected = new SequentialFold(events, KEEP);
    var drift = new DriftFold(events, KEEP);
    var expectedDesired = DesiredFold.expected(events);

    dataSource = LocalServices.migratedViews("driftless_oracle");
    TestEventStore.write(dataSource, events);
    var metrics = new DeliveryMetrics(new SimpleMeterRegistry());
    delivery = startDelivery(metrics);

    publishShuffledWithDuplicates(events);
    await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> metrics.appliedCount() + metrics.retriedCount() > events.size() / 4);
    delivery.connections().get(0).abort();

    var tables = new ViewTables(dataSource);
    await()
        .atMost(Duration.ofMinutes(5))
        .pollInterval(Duration.ofSeconds(1))
        .untilAsserted(
            () -> {
              sameRows("app_change", tables.changes(), expected.changes());
              sameRows("app_change_meta", tables.changeMeta(), expected.changeMeta());
              sameRows("app_change_resource", tables.changeResources(), expected.changeResources());
              sameRows("app_overview", tables.overview(), expected.overview());
              sameRows("app_resource_count", tables.counts(), expected.counts());
              sameRows("resource_inventory", tables.inventory(), expected.inventory());
              sameRows("drift_change", DriftFold.driftChanges(dataSource), drift.driftChanges());
              sameRows("ghost_diff", DriftFold.ghostDiffs(dataSource), drift.ghostDiffs());
              sameRows("resource_drift", DriftFold.openDrifts(dataSource), drift.openDrifts());
              sameRows(
                  "app_change_ghost", DriftFold.historyGhosts(dataSource), drift.historyGhosts());
              var desired = DesiredFold.actual(dataSource);
              expectedDesired.forEach((table, rows) -> sameRows(table, desired.get(table), rows));
            });
    assertThat(drift.ghostDiffs()).as("the events hold ghost diffs").isNotEmpty();
    assertThat(drift.openDrifts()).as("the events leave drifts open").isNotEmpty();
    assertThat(expected.changes()).hasSize(APPS * KEEP);
    assertThat(expected.changes()).as("lock rows").anyMatch(row -> row.contains("|unlock|"));
    assertThat(metrics.retriedCount()).as("the shuffle must exercise the retry path").isPositive();
  }

  /** Fails with the first few rows missing and unexpected, rather than two whole tables. */
  private static void sameRows(String table, Set<String> actual, Set<String> expected) {
    var missing = new TreeSet<>(expected);
    missing.removeAll(actual);
    var unexpected = new TreeSet<>(actual);
    unexpected.removeAll(expected);
    assertThat(missing.stream().limit(5).toList()).as(table + ": rows missing").isEmpty();
    assertThat(unexpected.stream().limit(5).toList()).as(table + ": rows not expected").isEmpty();
  }

  private RabbitViewDelivery startDelivery(DeliveryMetrics metrics) throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    var run = LocalServices.runId();
    names = new QueueNames("driftless.events.oracle-" + run, "driftless.views.oracle-" + run);
    var applier =
        new ProjectionApplier(
            List.of(
                new HistoryProjection(KEEP),
                new OverviewProjection(),
                new InventoryProjection(),
                new DriftProjection(),
                new DesiredProjection()),
            JdbcClient.create(dataSource),
            ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
    var repair = new GapRepair(new EventStoreReader(JdbcClient.create(dataSource)), applier);
    var started =
        new RabbitViewDelivery(
            factory,
            names,
            new RetryPolicy(Duration.ofMillis(50), 4, 3),
            RabbitViewDelivery.Settings.of(3, 200),
            new DeliveryServices(applier, repair, metrics));
    started.start();
    publisherConnection = factory.newConnection("oracle-publisher");
    return started;
  }

  private void publishShuffledWithDuplicates(List<EventEnvelope> events) throws Exception {
    var random = new Random(42);
    var messages = new ArrayList<EventEnvelope>(events);
    for (var event : events) {
      if (random.nextInt(10) == 0) {
        messages.add(event);
      }
    }
    Collections.shuffle(messages, random);
    try (Channel channel = publisherConnection.createChannel()) {
      channel.confirmSelect();
      var sent = 0;
      for (var envelope : messages) {
        var properties =
            new AMQP.BasicProperties.Builder()
                .deliveryMode(2)
                .messageId(envelope.eventId())
                .headers(AmqpFormat.headers(envelope))
                .build();
        channel.basicPublish(
            names.exchange(),
            AmqpFormat.routingKey(envelope),
            properties,
            EventCodec.encode(envelope));
        if (++sent % 1000 == 0) {
          channel.waitForConfirmsOrDie(30_000);
        }
      }
      channel.waitForConfirmsOrDie(30_000);
    }
  }
}
