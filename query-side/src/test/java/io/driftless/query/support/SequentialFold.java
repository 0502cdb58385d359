package io.driftless.query.support;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.AppId;
import io.driftless.events.AppLocked;
import io.driftless.events.AppUnlocked;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import io.driftless.events.GhostDiffDetected;
import io.driftless.events.GhostDiffYielded;
import io.driftless.events.Provenance;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceEvent;
import io.driftless.events.ResourceUpdated;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The oracle: what every view must hold after the events, computed here from the events in store
 * order with plain maps, independently of the projection code. Rows are rendered as the same
 * canonical strings {@link ViewTables} reads from the database.
 */
public final class SequentialFold {

  private static final ObjectMapper JSON = EventCodec.newMapper();

  private final Map<String, String[]> changes = new LinkedHashMap<>();
  private final Map<String, String> changeResources = new HashMap<>();
  private final Map<String, String> changeMeta = new HashMap<>();
  private final Map<String, Long> startedNumber = new HashMap<>();
  private final Map<String, String[]> overview = new HashMap<>();
  private final Map<String, Boolean> live = new HashMap<>();
  private final Map<String, String> kindOf = new HashMap<>();
  private final Map<String, String> appOf = new HashMap<>();
  private final Map<String, String[]> inventory = new HashMap<>();
  private final int keep;

  public SequentialFold(List<EventEnvelope> storeOrder, int keep) {
    this.keep = keep;
    storeOrder.forEach(e -> fold(e.payload()));
  }

  private void fold(Object event) {
    if (event instanceof AppChangeStarted e) {
      startedNumber.put(e.appId(), e.changeNumber());
      meta(e.appId(), e.changeNumber(), e.startedAt(), e.provenance());
      changes.put(
          key(e.appId(), e.changeId()),
          row(
              new String[] {
                e.appId(),
                e.changeId(),
                Long.toString(e.changeNumber()),
                e.trigger().wireName(),
                ms(e.startedAt()),
                "null",
                "null",
                e.description(),
                json(e.namespaces()),
                "null"
              },
              e.provenance(),
              e.rolledBackTo()));
      var id = AppId.parse(e.appId());
      var row =
          overview.computeIfAbsent(
              e.appId(),
              k ->
                  new String[] {
                    e.appId(),
                    id.namespace(),
                    id.name(),
                    "",
                    "",
                    "null",
                    "null",
                    "null",
                    "false",
                    "false",
                    "null",
                    "null",
                    "null"
                  });
      row[3] = json(e.namespaces());
      row[4] = e.changeId();
      row[8] = "false";
    } else if (event instanceof AppChangeFinished e) {
      var row = changes.get(key(e.appId(), e.changeId()));
      row[5] = ms(e.finishedAt());
      row[6] = Boolean.toString(e.successful());
      row[7] = e.description();
      row[9] = String.valueOf(e.error());
      var o = overview.get(e.appId());
      o[4] = "null";
      o[5] = e.changeId();
      o[6] = ms(e.finishedAt());
      o[7] = Boolean.toString(e.successful());
    } else if (event instanceof AppDeleted e) {
      overview.get(e.appId())[8] = "true";
    } else if (event instanceof AppLocked e) {
      instant(
          e.appId(),
          e.changeId(),
          e.changeNumber(),
          ChangeTrigger.LOCK,
          e.at(),
          "lock: " + e.reason(),
          e.provenance());
      var o = overview.get(e.appId());
      if (o != null) {
        o[9] = "true";
        o[10] = e.provenance().actor();
        o[11] = ms(e.at());
        o[12] = e.reason();
      }
    } else if (event instanceof AppUnlocked e) {
      instant(
          e.appId(),
          e.changeId(),
          e.changeNumber(),
          ChangeTrigger.UNLOCK,
          e.at(),
          "unlock",
          e.provenance());
      var o = overview.get(e.appId());
      if (o != null) {
        o[9] = "false";
        o[10] = "null";
        o[11] = "null";
        o[12] = "null";
      }
    } else if (event instanceof ResourceDisowned e) {
      disowned(e);
    } else if (event instanceof GhostDiffDetected
        || event instanceof GhostDiffYielded
        || event instanceof io.driftless.events.DriftDetected
        || event instanceof io.driftless.events.DriftCorrected) {
      return; // no history resource row, inventory or count change: DriftFold folds them
    } else if (event instanceof ResourceEvent e) {
      resource(e);
    }
  }

  /** Taken over by another app: out of the app's inventory and live counts; no history row. */
  private void disowned(ResourceDisowned e) {
    inventory.remove(e.resourceId());
    if (live.containsKey(e.resourceId())) {
      live.put(e.resourceId(), false);
    }
  }

  private void resource(ResourceEvent e) {
    var ref = e.resource();
    String op;
    String fields;
    String error = "null";
    if (e instanceof ResourceCreated c) {
      op = "create";
      fields = json(c.fields());
    } else if (e instanceof ResourceUpdated u) {
      op = "update";
      fields = json(u.fields());
    } else if (e instanceof ResourceDeleted) {
      op = "delete";
      fields = "[]";
    } else {
      var f = (ResourceApplyFailed) e;
      op = f.op();
      fields = "[]";
      error = f.reason();
    }
    changeResources.put(
        String.join("|", e.appId(), e.changeId(), e.resourceId()),
        String.join(
            "|",
            e.appId(),
            e.changeId(),
            e.resourceId(),
            Long.toString(number(e.changeId())),
            ref.namespace(),
            ref.name(),
            ref.kind(),
            ref.apiVersion(),
            op,
            fields,
            error));
    inventory(e, op);
  }

  private void inventory(ResourceEvent e, String op) {
    var ref = e.resource();
    kindOf.put(e.resourceId(), ref.kind());
    appOf.put(e.resourceId(), e.appId());
    var row = inventory.get(e.resourceId());
    if (e instanceof ResourceApplyFailed f) {
      if (row == null) {
        row =
            new String[] {
              e.resourceId(),
              e.appId(),
              ref.namespace(),
              ref.name(),
              ref.kind(),
              ref.apiVersion(),
              "",
              "",
              "null",
              "false"
            };
        inventory.put(e.resourceId(), row);
      }
      row[6] = f.op() + "-failed";
      row[7] = e.changeId();
      return;
    }
    var isLive = !(e instanceof ResourceDeleted);
    var hash =
        e instanceof ResourceCreated c
            ? c.appliedHash()
            : e instanceof ResourceUpdated u ? u.appliedHash() : "null";
    inventory.put(
        e.resourceId(),
        new String[] {
          e.resourceId(),
          e.appId(),
          ref.namespace(),
          ref.name(),
          ref.kind(),
          ref.apiVersion(),
          op,
          e.changeId(),
          hash,
          Boolean.toString(isLive)
        });
    if (isLive || live.containsKey(e.resourceId())) {
      live.put(e.resourceId(), isLive);
    }
  }

  /**
   * A lock or unlock: a history row of its own (started and finished at once, successful), its meta
   * rows; in the overview the lock columns, not the last change.
   */
  private void instant(
      String appId,
      String changeId,
      long number,
      ChangeTrigger trigger,
      java.time.Instant at,
      String description,
      Provenance provenance) {
    startedNumber.put(appId, number);
    changes.put(
        key(appId, changeId),
        row(
            new String[] {
              appId,
              changeId,
              Long.toString(number),
              trigger.wireName(),
              ms(at),
              ms(at),
              "true",
              description,
              "[]",
              "null"
            },
            provenance,
            null));
    meta(appId, number, at, provenance);
  }

  /** A change row's columns followed by its provenance and rolled_back_to. */
  private static String[] row(String[] columns, Provenance p, String rolledBackTo) {
    var row = java.util.Arrays.copyOf(columns, columns.length + 5);
    row[columns.length] = p.actor();
    row[columns.length + 1] = String.valueOf(p.client());
    row[columns.length + 2] = String.valueOf(p.message());
    row[columns.length + 3] = json(new TreeMap<>(p.meta()));
    row[columns.length + 4] = String.valueOf(rolledBackTo);
    return row;
  }

  private void meta(String appId, long number, java.time.Instant at, Provenance p) {
    p.meta()
        .forEach(
            (k, v) ->
                changeMeta.put(
                    appId + "|" + number + "|" + k,
                    String.join("|", appId, Long.toString(number), k, v, ms(at))));
  }

  /** {@code app_change_meta} rows of the kept changes. */
  public TreeSet<String> changeMeta() {
    var rows = new TreeSet<String>();
    changeMeta.values().stream()
        .filter(
            r -> {
              var parts = r.split("\\|", -1);
              return Long.parseLong(parts[1]) >= floor(parts[0]);
            })
        .forEach(rows::add);
    return rows;
  }

  /** {@code app_change} rows: the newest {@code keep} changes of each app (all: keep 0). */
  public TreeSet<String> changes() {
    var rows = new TreeSet<String>();
    changes.values().stream()
        .filter(r -> Long.parseLong(r[2]) >= floor(r[0]))
        .forEach(r -> rows.add(String.join("|", r)));
    return rows;
  }

  /** {@code app_change_resource} rows of the kept changes. */
  public TreeSet<String> changeResources() {
    var rows = new TreeSet<String>();
    changeResources.values().stream()
        .filter(
            r -> {
              var parts = r.split("\\|", -1);
              return Long.parseLong(parts[3]) >= floor(parts[0]);
            })
        .forEach(rows::add);
    return rows;
  }

  public TreeSet<String> overview() {
    var rows = new TreeSet<String>();
    overview.values().forEach(r -> rows.add(String.join("|", r)));
    return rows;
  }

  /** {@code app_resource_count}: per app and kind that was ever live, how many are live now. */
  public TreeSet<String> counts() {
    var counts = new HashMap<String, Long>();
    live.forEach(
        (resource, isLive) ->
            counts.merge(
                appOf.get(resource) + "|" + kindOf.get(resource), isLive ? 1L : 0L, Long::sum));
    var rows = new TreeSet<String>();
    counts.forEach((k, n) -> rows.add(k + "|" + n));
    return rows;
  }

  public TreeSet<String> inventory() {
    var rows = new TreeSet<String>();
    inventory.values().forEach(r -> rows.add(String.join("|", r)));
    return rows;
  }

  private long floor(String appId) {
    return keep <= 0 ? 1 : Math.max(1, startedNumber.getOrDefault(appId, 0L) - keep + 1);
  }

  private static long number(String changeId) {
    return Long.parseLong(changeId.substring(changeId.lastIndexOf('-') + 1));
  }

  private static String key(String appId, String changeId) {
    return appId + "|" + changeId;
  }

  static String ms(java.time.Instant instant) {
    return Long.toString(instant.toEpochMilli());
  }

  static String json(Object value) {
    return JSON.valueToTree(value).toString();
  }
}
