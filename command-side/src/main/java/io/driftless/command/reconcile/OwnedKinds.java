package io.driftless.command.reconcile;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.driftless.command.cluster.WatchedKind;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceUpdated;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The kinds the stored apps own, as apiVersion and kind: from the {@code resource} of every {@code
 * ResourceCreated} and {@code ResourceUpdated} in the event store, read incrementally by {@code
 * global_index}, so each event is read about once however often this is asked. Only the payload's
 * {@code resource} object is parsed (a streaming parser skips the rest).
 *
 * <p>The position advances only past events older than {@link #SETTLE}: with several writers an
 * event with a lower index may commit after one with a higher index, and would otherwise be
 * skipped. Kinds are never forgotten (a kind whose objects were all deleted stays watched, which
 * costs one idle watch).
 */
final class OwnedKinds {

  static final Duration SETTLE = Duration.ofSeconds(10);
  private static final int PAGE = 500;
  private static final JsonFactory JSON = new JsonFactory();
  private static final String SCAN =
      "SELECT global_index, time_stamp, payload FROM domain_event_entry WHERE global_index > ?"
          + " AND payload_type IN (?, ?) ORDER BY global_index LIMIT ?";

  private final JdbcTemplate jdbc;
  private final Clock clock;
  private final Set<WatchedKind> kinds = new HashSet<>();
  private long settled = -1;

  OwnedKinds(JdbcTemplate jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  /** Reads the events stored since the last call; returns every kind known so far. */
  synchronized Set<WatchedKind> refresh() {
    var settleBefore = clock.instant().minus(SETTLE).toString();
    var from = settled;
    var moving = true;
    while (true) {
      var rows = page(from);
      for (var row : rows) {
        from = row.index();
        if (moving && row.timestamp().compareTo(settleBefore) < 0) {
          settled = row.index();
        } else {
          moving = false;
        }
      }
      if (rows.size() < PAGE) {
        return Set.copyOf(kinds);
      }
    }
  }

  private record Row(long index, String timestamp) {}

  private java.util.List<Row> page(long after) {
    return jdbc.query(
        SCAN,
        (rs, i) -> {
          read(rs.getBytes(3));
          return new Row(rs.getLong(1), rs.getString(2));
        },
        after,
        ResourceCreated.class.getName(),
        ResourceUpdated.class.getName(),
        PAGE);
  }

  /** Adds the kind of one event's {@code resource}. */
  private void read(byte[] payload) {
    try (var parser = JSON.createParser(payload)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return;
      }
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        var field = parser.currentName();
        parser.nextToken();
        if ("resource".equals(field) && parser.currentToken() == JsonToken.START_OBJECT) {
          resource(parser);
          return;
        }
        parser.skipChildren();
      }
    } catch (IOException e) {
      // Not JSON: the event store's own codec wrote it, so this does not happen; nothing to add.
    }
  }

  private void resource(JsonParser parser) throws IOException {
    String apiVersion = null;
    String kind = null;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      var field = parser.currentName();
      parser.nextToken();
      if ("apiVersion".equals(field)) {
        apiVersion = parser.getValueAsString();
      } else if ("kind".equals(field)) {
        kind = parser.getValueAsString();
      } else {
        parser.skipChildren();
      }
    }
    if (apiVersion != null && kind != null && !apiVersion.isBlank() && !kind.isBlank()) {
      kinds.add(new WatchedKind(apiVersion, kind));
    }
  }
}
