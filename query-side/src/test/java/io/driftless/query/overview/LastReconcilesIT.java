package io.driftless.query.overview;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.query.overview.LastReconciles.LastReconcile;
import io.driftless.query.support.LocalServices;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The overview's last reconcile, read from a separate event store database on MariaDB, as the
 * distributed query side reads it ({@code driftless.event-store.url}): nothing from a store without
 * {@code reconcile_lease} or for an app not reconciled yet, the row's values once it was.
 */
class LastReconcilesIT {

  @Test
  void readsTheCommandSidesLeaseRowAndToleratesAStoreWithoutTheTable() {
    var store =
        JdbcClient.create(
            new DriverManagerDataSource(
                LocalServices.freshDatabase("driftless_lease_store"),
                LocalServices.jdbcUser(),
                LocalServices.jdbcPassword()));
    var reconciles = new LastReconciles(store);
    assertThat(reconciles.of("default/simple-app")).as("no reconcile_lease table").isEmpty();

    store
        .sql(
            "CREATE TABLE reconcile_lease (app_id VARCHAR(255) NOT NULL, owner VARCHAR(255),"
                + " lease_until BIGINT NOT NULL DEFAULT 0, next_run_at BIGINT NOT NULL,"
                + " failures INT NOT NULL DEFAULT 0, runs BIGINT NOT NULL DEFAULT 0,"
                + " last_reconciled_at BIGINT, last_result VARCHAR(16), last_change_id"
                + " VARCHAR(255), last_error VARCHAR(1000), PRIMARY KEY (app_id))")
        .update();
    store
        .sql("INSERT INTO reconcile_lease (app_id, next_run_at) VALUES ('default/simple-app', 0)")
        .update();
    assertThat(reconciles.of("default/simple-app")).as("scheduled, never reconciled").isEmpty();

    var at = Instant.parse("2026-11-23T22:00:00.123Z");
    store
        .sql(
            "UPDATE reconcile_lease SET last_reconciled_at = ?, last_result = 'noop', runs = 3"
                + " WHERE app_id = 'default/simple-app'")
        .param(at.toEpochMilli())
        .update();
    assertThat(reconciles.of("default/simple-app"))
        .contains(new LastReconcile(at, "noop", null, null));
    assertThat(reconciles.of("default/other")).isEmpty();
  }
}
