package io.driftless.query.support;

import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * An event store table in the command side's layout (Axon's {@code domain_event_entry}, JSON
 * payloads), filled by the test: what the gap repair reads.
 */
public final class TestEventStore {

  private TestEventStore() {}

  /**
   * A fresh database holding an empty event store with the id {@code storeId}, as a command side's
   * migrations leave it; returns its JDBC URL.
   */
  public static String freshStore(String storeId) {
    var url = LocalServices.freshDatabase("driftless_store");
    var dataSource =
        new DriverManagerDataSource(url, LocalServices.jdbcUser(), LocalServices.jdbcPassword());
    write(dataSource, List.of());
    identify(dataSource, storeId);
    return url;
  }

  /** Writes the store's id as the command side's {@code V5__event_store_id} does. */
  public static void identify(DataSource dataSource, String storeId) {
    var jdbc = new JdbcTemplate(dataSource);
    jdbc.execute("CREATE TABLE event_store_id (id VARCHAR(64) NOT NULL, PRIMARY KEY (id))");
    jdbc.update("INSERT INTO event_store_id (id) VALUES (?)", storeId);
  }

  public static void write(DataSource dataSource, List<EventEnvelope> events) {
    create(dataSource);
    append(dataSource, events);
  }

  /** Creates an empty {@code domain_event_entry} in Axon's layout. */
  public static void create(DataSource dataSource) {
    var jdbc = new JdbcTemplate(dataSource);
    jdbc.execute(
        "CREATE TABLE domain_event_entry (global_index BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,"
            + " event_identifier VARCHAR(255) NOT NULL, aggregate_identifier VARCHAR(255) NOT NULL,"
            + " sequence_number BIGINT NOT NULL, type VARCHAR(255), time_stamp VARCHAR(255) NOT NULL,"
            + " payload_type VARCHAR(255) NOT NULL, payload_revision VARCHAR(255),"
            + " payload LONGBLOB NOT NULL, meta_data LONGBLOB,"
            + " UNIQUE (aggregate_identifier, sequence_number))");
  }

  /** Stores more events, in their order (global indexes follow it). */
  public static void append(DataSource dataSource, List<EventEnvelope> events) {
    var jdbc = new JdbcTemplate(dataSource);
    var mapper = EventCodec.newMapper();
    jdbc.batchUpdate(
        "INSERT INTO domain_event_entry (event_identifier, aggregate_identifier, sequence_number,"
            + " type, time_stamp, payload_type, payload) VALUES (?, ?, ?, ?, ?, ?, ?)",
        events,
        1000,
        (ps, e) -> {
          ps.setString(1, e.eventId());
          ps.setString(2, e.aggregateId());
          ps.setLong(3, e.sequence());
          ps.setString(4, e.aggregateType());
          ps.setString(5, e.occurredAt().toString());
          ps.setString(6, e.payload().getClass().getName());
          try {
            ps.setBytes(7, mapper.writeValueAsBytes(e.payload()));
          } catch (com.fasterxml.jackson.core.JsonProcessingException ex) {
            throw new IllegalStateException(ex);
          }
        });
  }
}
