package io.driftless.query.eventstore;

import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventCatalog;
import io.driftless.events.EventEnvelope;
import io.driftless.events.Instants;
import io.driftless.events.MalformedEventException;
import io.driftless.query.projection.Json;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.BadSqlGrammarException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Reads one aggregate's events from the command side's event store, read-only: Axon's {@code
 * domain_event_entry} table, whose payloads are the events' JSON. This is the only place the query
 * side knows that table; it never writes to it.
 */
public final class EventStoreReader {

  private static final Logger log = LoggerFactory.getLogger(EventStoreReader.class);

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
   * {@link #storeId}, asked again every two seconds for up to {@code wait} while it fails: on a
   * first start both sides may come up together, and the command side creates the store.
   *
   * @throws EventStoreMismatchException if the store is still not usable after {@code wait}
   */
  public String awaitStoreId(Duration wait) {
    var deadline = System.nanoTime() + wait.toNanos();
    var logged = false;
    while (true) {
      try {
        return storeId();
      } catch (EventStoreMismatchException e) {
        if (System.nanoTime() - deadline >= 0) {
          throw e;
        }
        if (!logged) {
          log.warn("Waiting up to {} for the event store: {}", wait, e.getMessage());
          logged = true;
        }
        pause();
      }
    }
  }

  private static void pause() {
    try {
      Thread.sleep(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the event store", e);
    }
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

  /**
   * Up to {@code limit} events after {@code globalIndex}, in the store's global order: the bulk
   * read of a rebuild (one range scan of the primary key per call, read-only).
   */
  public List<IndexedEvent> readAfter(long globalIndex, int limit) {
    return eventStore
        .sql(
            "SELECT global_index, event_identifier, sequence_number, time_stamp, payload_type,"
                + " payload FROM domain_event_entry WHERE global_index > ?"
                + " ORDER BY global_index LIMIT ?")
        .params(globalIndex, limit)
        .query(
            (rs, row) ->
                new IndexedEvent(
                    rs.getLong(1),
                    envelope(
                        rs.getString(2),
                        rs.getLong(3),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getBytes(6))))
        .list();
  }

  /** The highest global index in the store (0 when empty): it grows while deploys write. */
  public long lastGlobalIndex() {
    return eventStore
        .sql("SELECT COALESCE(MAX(global_index), 0) FROM domain_event_entry")
        .query(Long.class)
        .single();
  }

  /** Whether the store holds any event at all. */
  public boolean hasEvents() {
    return !eventStore
        .sql("SELECT global_index FROM domain_event_entry ORDER BY global_index LIMIT 1")
        .query(Long.class)
        .list()
        .isEmpty();
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
      return EventEnvelope.of(eventId, sequence, Instants.parse(timestamp), event);
    } catch (IOException e) {
      throw new MalformedEventException("cannot read stored " + payloadType, e);
    }
  }
}
