package io.driftless.query.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppLocked;
import io.driftless.events.AppUnlocked;
import io.driftless.events.EventEnvelope;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import java.io.UncheckedIOException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.sql.DataSource;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The oracle of the desired view (issue 27): its tables' rows computed from the events in store
 * order with plain maps, independently of {@code DesiredProjection}, and the same rows read from
 * the tables, as canonical strings per table. The object rows leave out images and labels
 * (TimeTravelIT checks those); the content is compared as JSON with sorted keys.
 */
public final class DesiredFold {

  private static final ObjectMapper JSON =
      new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  private DesiredFold() {}

  /** Table name to rows. */
  public static Map<String, TreeSet<String>> expected(List<EventEnvelope> storeOrder) {
    var changes = new TreeSet<String>();
    var members = new LinkedHashMap<String, String>(); // app|resource|from -> to
    var openMembers = new HashMap<String, Map<String, Long>>();
    var objects = new LinkedHashMap<String, String[]>(); // resource|seq -> row
    var openObject = new HashMap<String, String>();
    var times = new HashMap<String, Instant[]>(); // resource|seq -> from, to
    var resources = new TreeSet<String>();
    for (var event : storeOrder) {
      var payload = event.payload();
      if (payload instanceof AppChangeStarted e) {
        changes.add(
            change(
                e.appId(), e.changeNumber(), e.changeId(), e.trigger().wireName(), e.startedAt()));
        if (e.desired() != null) {
          var open = openMembers.computeIfAbsent(e.appId(), k -> new TreeMap<>());
          var wanted = new TreeSet<String>();
          e.desired().keySet().forEach(k -> wanted.add(e.appId() + "/" + k));
          for (var it = open.entrySet().iterator(); it.hasNext(); ) {
            var member = it.next();
            if (!wanted.contains(member.getKey())) {
              members.put(
                  e.appId() + "|" + member.getKey() + "|" + member.getValue(),
                  Long.toString(e.changeNumber()));
              it.remove();
            }
          }
          for (var id : wanted) {
            if (!open.containsKey(id)) {
              open.put(id, e.changeNumber());
              members.put(e.appId() + "|" + id + "|" + e.changeNumber(), "null");
            }
          }
        }
      } else if (payload instanceof AppLocked e) {
        changes.add(change(e.appId(), e.changeNumber(), e.changeId(), "lock", e.at()));
      } else if (payload instanceof AppUnlocked e) {
        changes.add(change(e.appId(), e.changeNumber(), e.changeId(), "unlock", e.at()));
      } else if (payload instanceof ResourceCreated e) {
        end(times, openObject, e, e.at());
        version(objects, openObject, event, e, e.applied(), e.at());
        resources.add(resource(e));
        times.put(e.resourceId() + "|" + event.sequence(), new Instant[] {e.at(), null});
      } else if (payload instanceof ResourceUpdated e) {
        end(times, openObject, e, e.at());
        version(objects, openObject, event, e, e.applied(), e.at());
        resources.add(resource(e));
        times.put(e.resourceId() + "|" + event.sequence(), new Instant[] {e.at(), null});
      } else if (payload instanceof ResourceDeleted e) {
        end(times, openObject, e, e.at());
        close(objects, openObject, e, e.at());
      } else if (payload instanceof ResourceDisowned e) {
        end(times, openObject, e, e.at());
        close(objects, openObject, e, e.at());
      }
    }
    var memberRows = new TreeSet<String>();
    members.forEach((key, to) -> memberRows.add(key + "|" + to));
    var objectRows = new TreeSet<String>();
    objects.values().forEach(row -> objectRows.add(String.join("|", row)));
    return Map.of(
        "desired_change",
        changes,
        "desired_member",
        memberRows,
        "desired_object",
        objectRows,
        "desired_resource",
        resources,
        "desired_span",
        spans(objects, times));
  }

  /**
   * Two rows per version in force for at least a microsecond, at the node where the descent from
   * the root (2^51 µs) meets its span, keyed by its end and by its start.
   */
  private static TreeSet<String> spans(
      Map<String, String[]> objects, Map<String, Instant[]> times) {
    var rows = new TreeSet<String>();
    objects.forEach(
        (key, row) -> {
          var span = times.get(key);
          var from = epochMicros(span[0]);
          var to = span[1] == null ? OPEN : epochMicros(span[1]) - 1;
          if (from <= to) {
            var node = descend(from, to);
            var facts = String.join("|", row[0], row[1], Long.toString(from), Long.toString(to));
            var more = String.join("|", row[2], row[3], row[5], row[6], row[7], row[8], row[10]);
            rows.add(node + "|0|" + to + "|" + facts + "|" + more);
            rows.add(node + "|1|" + from + "|" + facts + "|" + more);
          }
        });
    return rows;
  }

  private static final long OPEN = (1L << 52) - 1;

  /** The open version's span ends where the object's next version or its end begins. */
  private static void end(
      Map<String, Instant[]> times, Map<String, String> open, ResourceEvent e, Instant at) {
    var key = open.get(e.resourceId());
    if (key != null) {
      times.get(key)[1] = at;
    }
  }

  private static long epochMicros(Instant at) {
    return ChronoUnit.MICROS.between(Instant.EPOCH, at);
  }

  private static long descend(long lower, long upper) {
    var node = 1L << 51;
    for (var step = node / 2; step >= 1; step /= 2) {
      if (upper < node) {
        node -= step;
      } else if (node < lower) {
        node += step;
      } else {
        break;
      }
    }
    return node;
  }

  private static String resource(ResourceEvent e) {
    var ref = e.resource();
    return String.join("|", e.resourceId(), e.appId(), ref.kind(), ref.namespace(), ref.name());
  }

  private static void version(
      Map<String, String[]> objects,
      Map<String, String> open,
      EventEnvelope event,
      ResourceEvent e,
      Map<String, Object> applied,
      Instant at) {
    close(objects, open, e, at);
    var key = e.resourceId() + "|" + event.sequence();
    var ref = e.resource();
    var dash = e.changeId().lastIndexOf('-');
    objects.put(
        key,
        new String[] {
          e.resourceId(),
          Long.toString(event.sequence()),
          e.appId(),
          e.changeId(),
          Long.toString(Long.parseLong(e.changeId().substring(dash + 1))),
          ref.apiVersion(),
          ref.kind(),
          ref.namespace(),
          ref.name(),
          canonical(applied == null ? Map.of() : applied),
          micros(at),
          "null",
          "null"
        });
    open.put(e.resourceId(), key);
  }

  private static void close(
      Map<String, String[]> objects, Map<String, String> open, ResourceEvent e, Instant at) {
    var key = open.remove(e.resourceId());
    if (key != null) {
      var row = objects.get(key);
      row[11] = micros(at);
      row[12] = e.changeId();
    }
  }

  private static String change(String app, long number, String id, String trigger, Instant at) {
    return String.join("|", app, Long.toString(number), id, trigger, micros(at));
  }

  /**
   * The fleet inventory at {@code at} (null: now) as the first design read it, object by object:
   * each object's newest version applied by then, if nothing ended it by then; as {@code
   * "app|kind|namespace|name|changeId|since"}, sorted.
   */
  public static List<String> inventory(List<EventEnvelope> storeOrder, Instant at) {
    var newest = new HashMap<String, String>(); // resource -> its newest version by then
    var ended = new HashMap<String, Boolean>();
    var cut = at == null ? null : at.truncatedTo(ChronoUnit.MICROS);
    for (var event : storeOrder) {
      var when = versionAt(event);
      if (event.payload() instanceof ResourceEvent e && when != null) {
        if (cut != null && when.truncatedTo(ChronoUnit.MICROS).isAfter(cut)) {
          continue;
        }
        var ref = e.resource();
        if (e instanceof ResourceCreated || e instanceof ResourceUpdated) {
          newest.put(
              e.resourceId(),
              String.join(
                  "|",
                  e.appId(),
                  ref.kind(),
                  ref.namespace(),
                  ref.name(),
                  e.changeId(),
                  micros(when)));
          ended.put(e.resourceId(), false);
        } else if (e instanceof ResourceDeleted || e instanceof ResourceDisowned) {
          ended.put(e.resourceId(), true);
        }
      }
    }
    var rows = new TreeSet<String>();
    newest.forEach(
        (id, row) -> {
          if (!ended.get(id)) {
            rows.add(row);
          }
        });
    return List.copyOf(rows);
  }

  /** When a version of an object began or ended by this event; null for other events. */
  public static Instant versionAt(EventEnvelope event) {
    Instant at = null;
    if (event.payload() instanceof ResourceCreated e) {
      at = e.at();
    } else if (event.payload() instanceof ResourceUpdated e) {
      at = e.at();
    } else if (event.payload() instanceof ResourceDeleted e) {
      at = e.at();
    } else if (event.payload() instanceof ResourceDisowned e) {
      at = e.at();
    } else {
      return null;
    }
    return at == null ? event.occurredAt() : at;
  }

  /** Table name to rows, read from the views' database. */
  public static Map<String, TreeSet<String>> actual(DataSource dataSource) {
    var jdbc = new JdbcTemplate(dataSource);
    var changes = new TreeSet<String>();
    jdbc.query(
        "SELECT app_id, change_number, change_id, change_trigger, started_at FROM desired_change",
        rs -> {
          changes.add(
              String.join(
                  "|",
                  rs.getString(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  micros(rs.getTimestamp(5))));
        });
    var members = new TreeSet<String>();
    jdbc.query(
        "SELECT app_id, resource_id, from_number, to_number FROM desired_member",
        rs -> {
          members.add(
              String.join(
                  "|",
                  rs.getString(1),
                  rs.getString(2),
                  rs.getString(3),
                  String.valueOf(rs.getString(4))));
        });
    var objects = new TreeSet<String>();
    jdbc.query(
        "SELECT resource_id, sequence_number, app_id, change_id, change_number, api_version,"
            + " kind, namespace, name, content, valid_from, valid_to, to_change_id"
            + " FROM desired_object",
        rs -> {
          objects.add(
              String.join(
                  "|",
                  rs.getString(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getString(6),
                  rs.getString(7),
                  rs.getString(8),
                  rs.getString(9),
                  canonical(read(rs.getString(10))),
                  micros(rs.getTimestamp(11)),
                  micros(rs.getTimestamp(12)),
                  String.valueOf(rs.getString(13))));
        });
    var resources = new TreeSet<String>();
    jdbc.query(
        "SELECT resource_id, app_id, kind, namespace, name FROM desired_resource",
        rs -> {
          resources.add(
              String.join(
                  "|",
                  rs.getString(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5)));
        });
    var spans = new TreeSet<String>();
    jdbc.query(
        "SELECT fork_node, side, bound, resource_id, sequence_number, span_from, span_to, app_id,"
            + " change_id, api_version, kind, namespace, name, valid_from FROM desired_span",
        rs -> {
          var row = new ArrayList<String>();
          for (int i = 1; i <= 13; i++) {
            row.add(rs.getString(i));
          }
          row.add(micros(rs.getTimestamp(14)));
          spans.add(String.join("|", row));
        });
    return Map.of(
        "desired_change",
        changes,
        "desired_member",
        members,
        "desired_object",
        objects,
        "desired_resource",
        resources,
        "desired_span",
        spans);
  }

  private static String micros(Instant at) {
    return at == null ? "null" : at.truncatedTo(ChronoUnit.MICROS).toString();
  }

  private static String micros(Timestamp at) {
    return at == null ? "null" : micros(at.toInstant());
  }

  private static Object read(String json) {
    try {
      return JSON.readValue(json, Object.class);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String canonical(Object value) {
    try {
      return JSON.writeValueAsString(JSON.readValue(JSON.writeValueAsString(value), Object.class));
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
