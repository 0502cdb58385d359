package io.driftless.query.overview;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.support.DriftEvents;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.TestEventStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The distributed layout: the views in one database, the event store in another ({@code
 * driftless.event-store.url}). The overview reads the app's last reconcile from the store's {@code
 * reconcile_lease} through the query side's own small read-only pool, and answers null before the
 * store has that table.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SeparateStoreReconcileIT {

  private static final String STORE =
      TestEventStore.freshStore("reconcile-it-" + LocalServices.runId());

  @DynamicPropertySource
  static void databases(DynamicPropertyRegistry registry) {
    registry.add(
        "spring.datasource.url", () -> LocalServices.freshDatabase("driftless_reconcile_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    registry.add("driftless.event-store.url", () -> STORE);
    registry.add("driftless.event-store.username", LocalServices::jdbcUser);
    registry.add("driftless.event-store.password", LocalServices::jdbcPassword);
  }

  @LocalServerPort int port;
  @Autowired ProjectionApplier applier;

  @Test
  void lastReconcileComesFromTheStoresLeaseTable() throws Exception {
    applier.applyAll(DriftEvents.story());
    assertThat(overview().get("lastReconcileAt").isNull()).as("no lease table yet").isTrue();

    var store =
        JdbcClient.create(
            new DriverManagerDataSource(
                STORE, LocalServices.jdbcUser(), LocalServices.jdbcPassword()));
    store
        .sql(
            "CREATE TABLE reconcile_lease (app_id VARCHAR(255) NOT NULL, owner VARCHAR(255),"
                + " lease_until BIGINT NOT NULL DEFAULT 0, next_run_at BIGINT NOT NULL,"
                + " failures INT NOT NULL DEFAULT 0, runs BIGINT NOT NULL DEFAULT 0,"
                + " last_reconciled_at BIGINT, last_result VARCHAR(16), last_change_id"
                + " VARCHAR(255), last_error VARCHAR(1000), PRIMARY KEY (app_id))")
        .update();
    store
        .sql(
            "INSERT INTO reconcile_lease (app_id, next_run_at, last_reconciled_at, last_result)"
                + " VALUES (?, 0, ?, 'applied')")
        .params(DriftEvents.APP, DriftEvents.at(4).toEpochMilli())
        .update();

    var overview = overview();
    assertThat(overview.get("lastReconcileAt").asText()).isEqualTo("2026-11-21T10:04:00Z");
    assertThat(overview.get("lastReconcileResult").asText()).isEqualTo("applied");
  }

  private com.fasterxml.jackson.databind.JsonNode overview() throws Exception {
    var response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/api/apps/team-a/shop"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return new ObjectMapper().readTree(response.body());
  }
}
