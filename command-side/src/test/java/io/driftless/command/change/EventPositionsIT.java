package io.driftless.command.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.driftless.events.testing.LocalServices;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The event position on the real MariaDB: the events stored, counted as a base plus the events
 * after the base's global index; one stored below that index after the base was counted (a late
 * commit) joins at the next full count.
 */
class EventPositionsIT {

  private DriverManagerDataSource dataSource;
  private JdbcTemplate jdbc;

  @BeforeEach
  void store() {
    dataSource =
        new DriverManagerDataSource(
            LocalServices.freshDatabase("driftless_positions_it"),
            LocalServices.jdbcUser(),
            LocalServices.jdbcPassword());
    jdbc = new JdbcTemplate(dataSource);
    jdbc.execute(
        "CREATE TABLE domain_event_entry (global_index BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
            + " aggregate_identifier VARCHAR(255) NOT NULL)");
  }

  @AfterEach
  void drop() {
    jdbc.execute("DROP DATABASE `" + jdbc.queryForObject("SELECT DATABASE()", String.class) + "`");
  }

  private void store(int events) {
    for (int i = 0; i < events; i++) {
      jdbc.update("INSERT INTO domain_event_entry (aggregate_identifier) VALUES ('a')");
    }
  }

  @Test
  void countsEveryStoredEventWithoutCountingTheWholeTableEachTime() {
    var positions = new EventPositions(dataSource);
    assertThat(positions.current()).isZero();
    store(5);
    assertThat(positions.current()).isEqualTo(5);
    store(3);
    assertThat(positions.current()).isEqualTo(8);
    assertThat(positions.current()).isEqualTo(8);
  }

  @Test
  void anEventCommittedLateBelowTheBaseJoinsAtTheNextFullCount() {
    store(5);
    jdbc.update(
        "INSERT INTO domain_event_entry (global_index, aggregate_identifier) VALUES (10, 'b')");
    var cached = new EventPositions(dataSource, Long.MAX_VALUE);
    var recounting = new EventPositions(dataSource, 0);
    assertThat(cached.current()).isEqualTo(6);
    assertThat(recounting.current()).isEqualTo(6);

    // index 7 was taken before 10 and its transaction commits only now
    jdbc.update(
        "INSERT INTO domain_event_entry (global_index, aggregate_identifier) VALUES (7, 'c')");
    store(1);
    assertThat(cached.current()).as("until the next full count").isEqualTo(7);
    // the full count runs in the background: the answers reach 8 once it is in
    await().atMost(Duration.ofSeconds(10)).until(recounting::current, count -> count == 8);
  }
}
