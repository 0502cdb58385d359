package io.driftless.query.delivery;

import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventCatalog;
import io.driftless.events.EventEnvelope;
import io.driftless.events.MalformedEventException;
import io.driftless.query.projection.Json;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Reads one aggregate's events from the command side's event store, read-only: Axon's {@code
 * domain_event_entry} table, whose payloads are the events' JSON. This is the only place the query
 * side knows that table; it never writes to it.
 */
public final class EventStoreReader {

  private final JdbcClient eventStore;
  private final String location;

  public EventStoreReader(JdbcClient eventStore) {
    this(eventStore, "this side's database");
  }

  /**
   * @param location where the store is, for messages (a JDBC URL without its parameters)
   */
  public EventStoreReader(JdbcClient eventStore, String location) {
    this.eventStore = eventStore;
    this.location = location;
  }

  public String location() {
    return location;
  }

  /**
   * Checks that this is a command side's event store and returns its id (the {@code event_store_id}
   * row the command side's migration writes).
   *
   * @throws EventStoreMismatchException if the store is unreachable, has no {@code
   *     domain_event_entry} table or no id
   */
  public String storeId() {
    var fix =
        " The query side repairs gaps from the command side's event store: give it the command"
            + " side's database (DB_HOST, DB_PORT, DB_NAME, DB_USER, DB_PASSWORD in the distributed"
            + " profile, or driftless.event-store.url).";
    try {
      eventStore.sql("SELECT COUNT(*) FROM domain_event_entry WHERE 1 = 0").query().singleValue();
    } catch (BadSqlGrammarException e) {
      throw new EventStoreMismatchException(
          "The event store at " + location + " has no domain_event_entry table." + fix, e);
    } catch (DataAccessException e) {
      throw new EventStoreMismatchException(
          "The event store at "
              + location
              + " is not reachable: "
              + e.getMostSpecificCause().getMessage()
              + "."
              + fix,
          e);
    }
    try {
      return eventStore.sql("SELECT id FROM event_store_id").query(String.class).single();
    } catch (DataAccessException e) {
      throw new EventStoreMismatchException(
          "The event store at "
              + location
              + " has no event_store_id (a command side migrates it in, V5): is it the command"
              + " side's database, at this version?"
              + fix,
          e);
    }
  }

  /** The aggregate's events from {@code fromSequence} on, in sequence order. */
  public List<EventEnvelope> read(String aggregateId, long fromSequence) {
    return eventStore
        .sql(
            "SELECT event_identifier, sequence_number, time_stamp, payload_type, payload"
                + " FROM domain_event_entry WHERE aggregate_identifier = ? AND sequence_number >= ?"
                + " ORDER BY sequence_number")
        .params(aggregateId, fromSequence)
        .query(
            (rs, row) ->
                envelope(
                    rs.getString(1),
                    rs.getLong(2),
                    rs.getString(3),
                    rs.getString(4),
                    rs.getBytes(5)))
        .list();
  }

  private static EventEnvelope envelope(
      String eventId, long sequence, String timestamp, String payloadType, byte[] payload) {
    var simpleName = payloadType.substring(payloadType.lastIndexOf('.') + 1);
    var type =
        EventCatalog.classOf(simpleName)
            .orElseThrow(
                () -> new MalformedEventException("unknown stored type " + payloadType, null));
    try {
      DriftlessEvent event = Json.mapper().readValue(payload, type);
      return EventEnvelope.of(eventId, sequence, Instant.parse(timestamp), event);
    } catch (IOException e) {
      throw new MalformedEventException("cannot read stored " + payloadType, e);
    }
  }
}
