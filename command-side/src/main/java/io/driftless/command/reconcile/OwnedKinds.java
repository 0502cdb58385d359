package io.driftless.command.reconcile;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.driftless.command.cluster.WatchedKind;
import io.driftless.events.AppDeleted;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceUpdated;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The kinds the stored apps own now, as apiVersion and kind: every object an app holds (by its
 * {@code resourceId}) with the kind of its last {@code ResourceCreated} or {@code ResourceUpdated},
 * dropped again by its {@code ResourceDeleted} or {@code ResourceDisowned}, and all of an app's
 * objects by its {@code AppDeleted}. A kind no app holds an object of any more (the app was
 * deleted, or a deploy deleted its custom resources and their CRD) leaves the set, so its watch is
 * closed. The event store is read incrementally by {@code global_index}, so each event is read
 * about once however often this is asked; only the payload's ids and its {@code resource}'s
 * apiVersion and kind are parsed (a streaming parser skips the rest).
 *
 * <p>The position advances only past events older than {@link #SETTLE}: with several writers an
 * event with a lower index may commit after one with a higher index, and would otherwise be
 * skipped. The events after the position are read again at each call, in index order, so the last
 * event of each object decides. Memory: one entry per owned object (its id, app id and kind).
 */
final class OwnedKinds {

  static final Duration SETTLE = Duration.ofSeconds(10);
  private static final int PAGE = 500;
  private static final JsonFactory JSON = new JsonFactory();
  private static final String SCAN =
      "SELECT global_index, time_stamp, payload_type, payload FROM domain_event_entry"
          + " WHERE global_index > ? AND payload_type IN (?, ?, ?, ?, ?)"
          + " ORDER BY global_index LIMIT ?";

  private final JdbcTemplate jdbc;
  private final Clock clock;
  private final Map<String, Owned> objects = new HashMap<>();
  private long settled = -1;

  OwnedKinds(JdbcTemplate jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  /** One object an app holds: which app, and its kind. */
  private record Owned(String appId, WatchedKind kind) {}

  /** One event's fields that matter here. */
  private record Fields(String resourceId, String appId, WatchedKind kind) {}

  /** Reads the events stored since the last call; returns the kinds some app owns now. */
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
        return kinds();
      }
    }
  }

  private Set<WatchedKind> kinds() {
    var kinds = new HashSet<WatchedKind>();
    objects.values().forEach(owned -> kinds.add(owned.kind()));
    return Set.copyOf(kinds);
  }

  private record Row(long index, String timestamp) {}

  private List<Row> page(long after) {
    return jdbc.query(
        SCAN,
        (rs, i) -> {
          apply(rs.getString(3), read(rs.getBytes(4)));
          return new Row(rs.getLong(1), rs.getString(2));
        },
        after,
        ResourceCreated.class.getName(),
        ResourceUpdated.class.getName(),
        ResourceDeleted.class.getName(),
        ResourceDisowned.class.getName(),
        AppDeleted.class.getName(),
        PAGE);
  }

  private void apply(String type, Fields fields) {
    if (fields == null) {
      return;
    }
    if (type.equals(AppDeleted.class.getName())) {
      objects.values().removeIf(owned -> owned.appId().equals(fields.appId()));
    } else if (fields.resourceId() == null) {
      return;
    } else if (type.equals(ResourceDeleted.class.getName())
        || type.equals(ResourceDisowned.class.getName())) {
      objects.remove(fields.resourceId());
    } else if (fields.kind() != null) {
      objects.put(fields.resourceId(), new Owned(fields.appId(), fields.kind()));
    }
  }

  /** The ids of one event and the kind of its {@code resource}; null when it is not JSON. */
  private static Fields read(byte[] payload) {
    try (var parser = JSON.createParser(payload)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      String resourceId = null;
      String appId = null;
      WatchedKind kind = null;
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        var field = parser.currentName();
        parser.nextToken();
        if ("resource".equals(field) && parser.currentToken() == JsonToken.START_OBJECT) {
          kind = resource(parser);
        } else if ("resourceId".equals(field)) {
          resourceId = parser.getValueAsString();
        } else if ("appId".equals(field)) {
          appId = parser.getValueAsString();
        } else {
          parser.skipChildren();
        }
      }
      return new Fields(resourceId, appId, kind);
    } catch (IOException e) {
      // Not JSON: the event store's own codec wrote it, so this does not happen; nothing to apply.
      return null;
    }
  }

  private static WatchedKind resource(JsonParser parser) throws IOException {
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
      return new WatchedKind(apiVersion, kind);
    }
    return null;
  }
}
