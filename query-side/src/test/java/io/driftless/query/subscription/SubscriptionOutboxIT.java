package io.driftless.query.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.EventEnvelope;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.projection.Outcome;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.ViewJdbc;
import io.driftless.query.support.AppEvents;
import io.driftless.query.support.LocalServices;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * The outbox on MariaDB, fed by the views' applier: one row per wanted event and subscription, none
 * twice whatever the order and duplication of the deliveries, and on a store with history from
 * before it, it joins each aggregate where the views are (no gap, no rows for the old events).
 */
class SubscriptionOutboxIT {

  private static final Instant AT = Instant.parse("2026-11-27T10:00:00Z");
  private HikariDataSource dataSource;
  private JdbcTemplate jdbc;

  @BeforeEach
  void database() {
    dataSource = LocalServices.migratedViews("driftless_outbox_it");
    jdbc = new JdbcTemplate(dataSource);
  }

  @AfterEach
  void close() {
    dataSource.close();
  }

  private ProjectionApplier applier(boolean withOutbox) {
    var views =
        withOutbox
            ? List.of(new HistoryProjection(0), new SubscriptionOutbox())
            : List.of(new HistoryProjection(0));
    return new ProjectionApplier(
        List.copyOf(views),
        ViewJdbc.of(dataSource),
        ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
  }

  private void subscribe(String id, String types, String apps) {
    jdbc.update(
        "INSERT INTO event_subscription (id, url, types, apps, secret_key_id, secret_nonce,"
            + " secret_sealed, created_at) VALUES (?, 'http://127.0.0.1:9/', ?, ?, 'k', 'n', 's', ?)",
        id,
        types,
        apps,
        Timestamp.from(AT));
  }

  @Test
  void shuffledDuplicatedBatchesMakeEachRowOnceInOrderPerApp() {
    subscribe("all", "*", "*");
    subscribe("finished", "change.finished", "ns/a");
    var events = new ArrayList<EventEnvelope>();
    for (var app : List.of("ns/a", "ns/b")) {
      for (long sequence = 0; sequence < 6; sequence++) {
        events.add(AppEvents.event(app, sequence, AT.plusSeconds(sequence)));
      }
    }
    var shuffled = new ArrayList<>(events);
    shuffled.addAll(events.subList(0, 5));
    Collections.shuffle(shuffled, new Random(30));
    var applier = applier(true);
    var pending = new ArrayList<>(shuffled);
    while (!pending.isEmpty()) {
      var batch = List.copyOf(pending.subList(0, Math.min(4, pending.size())));
      pending.subList(0, batch.size()).clear();
      var outcomes = applier.applyAll(batch);
      for (int i = 0; i < batch.size(); i++) {
        if (outcomes.get(i) == Outcome.GAP) {
          pending.add(batch.get(i)); // as the retry queue would bring it again
        }
      }
    }

    // 12 events: 6 started, 6 finished (each a CDEvent: deployed, then upgraded twice), per app
    assertThat(count("all")).isEqualTo(18);
    assertThat(count("finished")).isEqualTo(3);
    var types =
        jdbc.queryForList(
            "SELECT event_type FROM event_delivery WHERE subscription_id = 'all' AND app_id ="
                + " 'ns/a' ORDER BY id",
            String.class);
    assertThat(types.subList(0, 3))
        .containsExactly(
            "io.driftless.change.started.v1",
            "io.driftless.change.finished.v1",
            "dev.cdevents.service.deployed.0.2.0");
    assertThat(types.subList(3, 9)).contains("dev.cdevents.service.upgraded.0.2.0");
  }

  @Test
  void onAStoreWithHistoryItJoinsWhereTheViewsAreAndSendsOnlyNewEvents() {
    var before = applier(false);
    for (long sequence = 0; sequence < 4; sequence++) {
      assertThat(before.apply(AppEvents.event("ns/old", sequence, AT))).isEqualTo(Outcome.APPLIED);
    }
    subscribe("late", "*", "*");

    var after = applier(true);
    assertThat(after.apply(AppEvents.event("ns/old", 4, AT))).isEqualTo(Outcome.APPLIED);
    assertThat(after.apply(AppEvents.event("ns/old", 5, AT))).isEqualTo(Outcome.APPLIED);
    assertThat(after.apply(AppEvents.event("ns/new", 0, AT))).isEqualTo(Outcome.APPLIED);
    assertThat(after.apply(AppEvents.event("ns/new", 1, AT))).isEqualTo(Outcome.APPLIED);

    assertThat(
            jdbc.queryForList(
                "SELECT event_type FROM event_delivery WHERE app_id = 'ns/old' ORDER BY id",
                String.class))
        // the app was deployed before the outbox knew it: its first CDEvent says deployed
        .containsExactly(
            "io.driftless.change.started.v1",
            "io.driftless.change.finished.v1",
            "dev.cdevents.service.deployed.0.2.0");
    assertThat(count("late")).isEqualTo(6);
  }

  private long count(String subscription) {
    return jdbc.queryForObject(
        "SELECT COUNT(*) FROM event_delivery WHERE subscription_id = ?", Long.class, subscription);
  }
}
