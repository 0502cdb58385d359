package io.driftless.query.travel;

import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppLocked;
import io.driftless.events.AppUnlocked;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.EventEnvelope;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.MultiRow;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewIdentity;
import io.driftless.query.projection.ViewTimes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Keeps the {@code desired} view (migration {@code V150__desired_history.sql}): {@code
 * desired_change} (every change's number, id, trigger and start), {@code desired_member} (from
 * which change to which a resource is in its app's desired set, from {@code
 * AppChangeStarted.desired}) and {@code desired_object} (every applied version of an object, valid
 * from its apply until the next version, its delete or its takeover). The first two are the App's
 * rows, the last the ResourceChange's: each is read, changed and written back only under its
 * aggregate's offset lock, so the order in which the two kinds of aggregates arrive does not
 * matter; queries join them.
 *
 * <p>A batch reads the rows still open (membership {@code to_number} null, object {@code valid_to}
 * null) of the apps and objects it touches, with one query per 250 keys, then writes every new or
 * closed row with one multi-row upsert per table. A failed apply changes nothing: the object stays
 * as it was. An object never applied (its create failed) has no version, and the desired set as of
 * a change leaves it out.
 *
 * <p>Each version ever in force also has its two rows in {@code desired_span} ({@link
 * VersionSpans}, migration {@code V151__desired_span.sql}), owned by its ResourceChange as well:
 * the fleet inventory as of a time reads them.
 */
public final class DesiredProjection implements Projection {

  public static final String NAME = "desired";

  /** A valid TIMESTAMP on MariaDB (whose range starts after 1970-01-01 00:00:00). */
  private static final Instant PLACEHOLDER_TIME = Instant.parse("2000-01-01T00:00:00Z");

  private static final ViewIdentity IDENTITY =
      ViewIdentity.of(
          NAME,
          List.of(
              "desired_change",
              "desired_member",
              "desired_object",
              "desired_resource",
              "desired_span"),
          AppChangeStarted.class,
          AppLocked.class,
          AppUnlocked.class,
          ResourceCreated.class,
          ResourceUpdated.class,
          ResourceDeleted.class,
          ResourceDisowned.class);

  @Override
  public ViewIdentity identity() {
    return IDENTITY;
  }

  /** 2: {@code desired_span} (the fleet inventory as of a time reads it). */
  @Override
  public int version() {
    return 2;
  }

  @Override
  public Batch batch() {
    return new DesiredBatch();
  }

  /** An app's desired set after change {@code number}. */
  private record Step(long number, Set<String> resourceIds) {}

  /** A new version of an object ({@code row} set) or its end ({@code row} null). */
  private record ObjectStep(Object[] row, Instant at, String changeId) {}

  private static final class DesiredBatch implements Batch {

    private final List<Object[]> changes = new ArrayList<>();
    private final Map<String, List<Step>> steps = new TreeMap<>();
    private final Map<String, List<ObjectStep>> objects = new TreeMap<>();

    @Override
    public void add(EventEnvelope event) {
      var payload = event.payload();
      if (payload instanceof AppChangeStarted e) {
        change(e.appId(), e.changeNumber(), e.changeId(), e.trigger(), e.startedAt(), event);
        if (e.desired() != null) {
          var ids = new TreeSet<String>();
          e.desired().keySet().forEach(key -> ids.add(e.appId() + "/" + key));
          steps
              .computeIfAbsent(e.appId(), k -> new ArrayList<>())
              .add(new Step(e.changeNumber(), ids));
        }
      } else if (payload instanceof AppLocked e) {
        change(e.appId(), e.changeNumber(), e.changeId(), ChangeTrigger.LOCK, e.at(), event);
      } else if (payload instanceof AppUnlocked e) {
        change(e.appId(), e.changeNumber(), e.changeId(), ChangeTrigger.UNLOCK, e.at(), event);
      } else if (payload instanceof ResourceCreated e) {
        version(event, e, e.applied(), e.at());
      } else if (payload instanceof ResourceUpdated e) {
        version(event, e, e.applied(), e.at());
      } else if (payload instanceof ResourceDeleted e) {
        end(e, at(e.at(), event));
      } else if (payload instanceof ResourceDisowned e) {
        end(e, at(e.at(), event));
      }
    }

    private void change(
        String appId,
        long number,
        String changeId,
        ChangeTrigger trigger,
        Instant at,
        EventEnvelope event) {
      changes.add(
          new Object[] {
            appId, number, changeId, trigger.wireName(), ViewTimes.micros(at(at, event))
          });
    }

    private void version(
        EventEnvelope event, ResourceEvent e, Map<String, Object> applied, Instant when) {
      var object = applied == null ? Map.<String, Object>of() : applied;
      var ref = e.resource();
      var at = at(when, event);
      var row =
          new Object[] {
            e.resourceId(),
            event.sequence(),
            e.appId(),
            e.changeId(),
            number(e.changeId()),
            ref.apiVersion(),
            ref.kind(),
            ref.namespace(),
            ref.name(),
            Json.write(object),
            ObjectFacts.images(ref.kind(), object),
            ObjectFacts.labels(object),
            ViewTimes.micros(at),
            null,
            null
          };
      objects
          .computeIfAbsent(e.resourceId(), k -> new ArrayList<>())
          .add(new ObjectStep(row, at, e.changeId()));
    }

    private void end(ResourceEvent e, Instant at) {
      objects
          .computeIfAbsent(e.resourceId(), k -> new ArrayList<>())
          .add(new ObjectStep(null, at, e.changeId()));
    }

    @Override
    public void flush(JdbcClient jdbc) {
      MultiRow.insert(
          jdbc,
          "INSERT INTO desired_change (app_id, change_number, change_id, change_trigger,"
              + " started_at) VALUES ",
          changes,
          " ON DUPLICATE KEY UPDATE change_id = VALUES(change_id)");
      MultiRow.insert(
          jdbc,
          "INSERT INTO desired_member (app_id, resource_id, from_number, to_number) VALUES ",
          members(jdbc),
          " ON DUPLICATE KEY UPDATE to_number = VALUES(to_number)");
      MultiRow.insert(
          jdbc,
          "INSERT INTO desired_object (resource_id, sequence_number, app_id, change_id,"
              + " change_number, api_version, kind, namespace, name, content, images, labels,"
              + " valid_from, valid_to, to_change_id) VALUES ",
          objectRows(jdbc),
          " ON DUPLICATE KEY UPDATE valid_to = VALUES(valid_to),"
              + " to_change_id = VALUES(to_change_id)");
      MultiRow.insert(
          jdbc,
          "INSERT INTO desired_resource (resource_id, app_id, kind, namespace, name) VALUES ",
          resources(),
          " ON DUPLICATE KEY UPDATE app_id = VALUES(app_id)");
      new VersionSpans(objectVersions()).write(jdbc);
    }

    /** Per object, its versions the batch opens (facts) or ends (null), in order, with when. */
    private Map<String, List<VersionSpans.Step>> objectVersions() {
      var versions = new TreeMap<String, List<VersionSpans.Step>>();
      objects.forEach(
          (resourceId, steps) ->
              versions.put(
                  resourceId,
                  steps.stream()
                      .map(step -> new VersionSpans.Step(facts(step.row()), step.at()))
                      .toList()));
      return versions;
    }

    /** The span's facts of a version: its {@code desired_object} row without the content. */
    private static Object[] facts(Object[] row) {
      return row == null
          ? null
          : new Object[] {
            row[0], row[1], row[2], row[3], row[5], row[6], row[7], row[8], row[10], row[11],
            row[12]
          };
    }

    /** One row per object the batch applies a version of. */
    private List<Object[]> resources() {
      var rows = new ArrayList<Object[]>();
      objects.forEach(
          (resourceId, steps) ->
              steps.stream()
                  .filter(step -> step.row() != null)
                  .findFirst()
                  .ifPresent(
                      step ->
                          rows.add(
                              new Object[] {
                                resourceId,
                                step.row()[2],
                                step.row()[6],
                                step.row()[7],
                                step.row()[8]
                              })));
      return rows;
    }

    /** The membership rows the batch opens or closes, in key order. */
    private List<Object[]> members(JdbcClient jdbc) {
      var open = new TreeMap<String, Map<String, Long>>();
      MultiRow.select(
          jdbc,
          "SELECT app_id, resource_id, from_number FROM desired_member"
              + " WHERE to_number IS NULL AND app_id IN (",
          List.of(),
          List.copyOf(steps.keySet()),
          ")",
          rs -> {
            open.computeIfAbsent(rs.getString(1), k -> new TreeMap<>())
                .put(rs.getString(2), rs.getLong(3));
          });
      var rows = new TreeMap<List<String>, Object[]>(MultiRow.KEY_ORDER);
      steps.forEach(
          (appId, appSteps) -> {
            var current = open.computeIfAbsent(appId, k -> new TreeMap<>());
            for (var step : appSteps) {
              for (var it = current.entrySet().iterator(); it.hasNext(); ) {
                var member = it.next();
                if (!step.resourceIds().contains(member.getKey())) {
                  put(rows, appId, member.getKey(), member.getValue(), step.number());
                  it.remove();
                }
              }
              for (var id : step.resourceIds()) {
                if (current.putIfAbsent(id, step.number()) == null) {
                  put(rows, appId, id, step.number(), null);
                }
              }
            }
          });
      return List.copyOf(rows.values());
    }

    private static void put(
        Map<List<String>, Object[]> rows, String appId, String id, long from, Long to) {
      rows.put(
          List.of(appId, id, String.format("%019d", from)), new Object[] {appId, id, from, to});
    }

    /**
     * The object rows the batch adds or closes, in key order. An open row from an earlier batch is
     * closed through the same upsert: its key exists (read just now, under the aggregate's lock),
     * so only {@code valid_to} and {@code to_change_id} take the values; the other values are
     * placeholders that are never stored.
     */
    private List<Object[]> objectRows(JdbcClient jdbc) {
      var open = new TreeMap<String, Long>();
      MultiRow.select(
          jdbc,
          "SELECT resource_id, sequence_number FROM desired_object"
              + " WHERE valid_to IS NULL AND resource_id IN (",
          List.of(),
          List.copyOf(objects.keySet()),
          ")",
          rs -> {
            open.put(rs.getString(1), rs.getLong(2));
          });
      var rows = new ArrayList<Object[]>();
      objects.forEach(
          (resourceId, versions) -> {
            Object[] current = null;
            var stored = open.get(resourceId);
            for (var step : versions) {
              if (current != null) {
                close(current, step);
              } else if (stored != null) {
                var closed = placeholder(resourceId, stored);
                close(closed, step);
                rows.add(closed);
                stored = null;
              }
              current = step.row();
              if (current != null) {
                rows.add(current);
              }
            }
          });
      return rows;
    }

    private static void close(Object[] row, ObjectStep step) {
      row[13] = ViewTimes.micros(step.at());
      row[14] = step.changeId();
    }

    private static Object[] placeholder(String resourceId, long sequence) {
      var never = ViewTimes.micros(PLACEHOLDER_TIME);
      return new Object[] {
        resourceId, sequence, "", "", 0L, "", "", "", "", "", "", "", never, null, null
      };
    }
  }

  private static Instant at(Instant at, EventEnvelope event) {
    return at == null ? event.occurredAt() : at;
  }

  /** The change's number within its app; 0 for an id not of the App's form. */
  private static long number(String changeId) {
    return ChangeIds.parse(changeId).orElse(0L);
  }
}
