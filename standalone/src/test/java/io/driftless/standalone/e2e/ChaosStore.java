package io.driftless.standalone.e2e;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.EventCatalog;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.LocalDatabases;
import io.driftless.query.eventstore.EventStoreReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** The event store, read with JDBC as the chaos suites' oracles need it. */
final class ChaosStore implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final DriverManagerDataSource dataSource;
  private final JdbcClient jdbc;

  ChaosStore(String database) {
    this.dataSource =
        new DriverManagerDataSource(
            LocalDatabases.url(database), LocalDatabases.user(), LocalDatabases.password());
    this.jdbc = JdbcClient.create(dataSource);
  }

  Set<String> startedChanges() throws IOException {
    var ids = new TreeSet<String>();
    for (var payload :
        jdbc.sql("SELECT payload FROM domain_event_entry WHERE payload_type = ?")
            .param(AppChangeStarted.class.getName())
            .query(byte[].class)
            .list()) {
      ids.add(JSON.readTree(payload).get("changeId").asText());
    }
    return ids;
  }

  /** Apps whose newest event is a change's start: a change nobody will finish. */
  List<String> appsWithAChangeInProgress() {
    return jdbc.sql(
            """
            SELECT e.aggregate_identifier FROM domain_event_entry e
            JOIN (SELECT aggregate_identifier, MAX(sequence_number) AS seq
                  FROM domain_event_entry WHERE type = ? GROUP BY aggregate_identifier) newest
              ON e.aggregate_identifier = newest.aggregate_identifier
             AND e.sequence_number = newest.seq
            WHERE e.payload_type = ?
            """)
        .params(EventCatalog.APP, AppChangeStarted.class.getName())
        .query(String.class)
        .list();
  }

  List<EventEnvelope> events() {
    var reader = new EventStoreReader(jdbc);
    var events = new ArrayList<EventEnvelope>();
    long after = -1;
    while (true) {
      var page = reader.readAfter(after, 5_000);
      if (page.isEmpty()) {
        return events;
      }
      for (var indexed : page) {
        events.add(indexed.event());
        after = indexed.globalIndex();
      }
    }
  }

  @Override
  public void close() {}
}
