package io.driftless.command.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.events.testing.LocalServices;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The newest event of each aggregate asked for, on the real MariaDB with the event table's own
 * columns and unique key (issue 31: what the plan's cached ResourceChange states are checked
 * against).
 */
class NewestEventsIT {

  private DriverManagerDataSource dataSource;
  private JdbcTemplate jdbc;

  @BeforeEach
  void store() {
    dataSource =
        new DriverManagerDataSource(
            LocalServices.freshDatabase("driftless_newest_it"),
            LocalServices.jdbcUser(),
            LocalServices.jdbcPassword());
    jdbc = new JdbcTemplate(dataSource);
    jdbc.execute(
        "CREATE TABLE domain_event_entry (global_index BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
            + " event_identifier VARCHAR(255) NOT NULL, aggregate_identifier VARCHAR(255) NOT NULL,"
            + " sequence_number BIGINT NOT NULL,"
            + " CONSTRAINT uk_aggregate_sequence UNIQUE (aggregate_identifier, sequence_number))");
  }

  @AfterEach
  void drop() {
    jdbc.execute("DROP DATABASE `" + jdbc.queryForObject("SELECT DATABASE()", String.class) + "`");
  }

  private void store(String aggregate, int events) {
    for (int i = 0; i < events; i++) {
      jdbc.update(
          "INSERT INTO domain_event_entry (event_identifier, aggregate_identifier, sequence_number)"
              + " VALUES (?, ?, ?)",
          aggregate + "-" + i,
          aggregate,
          i);
    }
  }

  @Test
  void theNewestEventOfEachAggregateAskedFor() {
    store("a", 3);
    store("b", 1);
    store("c", 5);

    var newest = new NewestEvents(dataSource).of(List.of("a", "b", "missing"));

    assertThat(newest)
        .containsOnlyKeys("a", "b")
        .containsEntry("a", new NewestEvents.Newest(2, "a-2"))
        .containsEntry("b", new NewestEvents.Newest(0, "b-0"));
  }

  @Test
  void asksForMoreAggregatesThanOneQueryHolds() {
    var ids = new ArrayList<String>();
    for (int i = 0; i < NewestEvents.CHUNK * 2 + 3; i++) {
      ids.add("r" + i);
    }
    store("r0", 2);
    store("r" + (NewestEvents.CHUNK + 1), 1);
    store("r" + (NewestEvents.CHUNK * 2 + 2), 4);

    var newest = new NewestEvents(dataSource).of(ids);

    assertThat(newest)
        .hasSize(3)
        .containsEntry("r0", new NewestEvents.Newest(1, "r0-1"))
        .containsEntry(
            "r" + (NewestEvents.CHUNK + 1),
            new NewestEvents.Newest(0, "r" + (NewestEvents.CHUNK + 1) + "-0"))
        .containsEntry(
            "r" + (NewestEvents.CHUNK * 2 + 2),
            new NewestEvents.Newest(3, "r" + (NewestEvents.CHUNK * 2 + 2) + "-3"));
  }

  @Test
  void nothingAskedNothingRead() {
    assertThat(new NewestEvents(dataSource).of(List.of())).isEmpty();
  }
}
