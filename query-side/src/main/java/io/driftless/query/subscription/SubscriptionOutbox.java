package io.driftless.query.subscription;

import io.driftless.events.EventCatalog;
import io.driftless.events.EventEnvelope;
import io.driftless.events.Provenance;
import io.driftless.query.projection.Json;
import io.driftless.query.projection.MultiRow;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ViewIdentity;
import io.driftless.query.projection.ViewTimes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The consumer that feeds deliveries, run by the views' applier like a view: each source
 * aggregate's events once and in order (the version check), inside the views' transaction, so a
 * committed event has its delivery rows and a broker's redelivery adds none (it is a duplicate, and
 * {@code event_delivery} is unique on (subscription, event id) besides). Each handled event becomes
 * one row per subscription that wants it, with the CloudEvent as it will be sent.
 *
 * <p>It is not a view: {@link #rebuildable()} is false, so no rebuild drops or refills its tables;
 * and it {@link #joinsLate()}: on a store that had events before it existed it starts with each
 * aggregate where the views are, rather than waiting for a gap repair of the whole history.
 * Subscriptions see the events stored after they were created (more precisely, applied after).
 */
public final class SubscriptionOutbox implements Projection {

  /** Its name in {@code projection_offset}. */
  public static final String NAME = "subscriptions";

  private static final ViewIdentity IDENTITY =
      new ViewIdentity(
          NAME,
          List.of("event_delivery", "event_outbox_app"),
          aggregateType -> true,
          EventTypes::handled);

  @Override
  public ViewIdentity identity() {
    return IDENTITY;
  }

  @Override
  public boolean rebuildable() {
    return false;
  }

  @Override
  public boolean joinsLate() {
    return true;
  }

  @Override
  public Batch batch() {
    return new OutboxBatch();
  }

  private static final class OutboxBatch implements Batch {

    private final List<EventEnvelope> events = new ArrayList<>();

    @Override
    public void add(EventEnvelope event) {
      events.add(event);
    }

    @Override
    public void flush(JdbcClient jdbc) {
      if (events.isEmpty()) {
        return;
      }
      var subscriptions = SubscriptionStore.all(jdbc);
      var apps = loadApps(jdbc);
      var rows = new ArrayList<Object[]>();
      var now = ViewTimes.millis(Instant.now());
      for (var event : events) {
        // Only App events read and change the app's row: its offset lock is held by this batch.
        var app =
            isApp(event)
                ? apps.computeIfAbsent(appIdOf(event), id -> OutboxApp.fresh())
                : OutboxApp.fresh();
        for (var out : CloudEventMapper.map(event, app)) {
          for (var subscription : subscriptions) {
            if (subscription.wants(out.name(), out.appId())) {
              rows.add(row(subscription.id(), out, now));
            }
          }
        }
      }
      saveApps(jdbc, apps);
      MultiRow.insert(
          jdbc,
          "INSERT INTO event_delivery (subscription_id, event_id, event_type, app_id, body,"
              + " status, attempts, created_at, retry_since, next_attempt_at) VALUES ",
          rows,
          " ON DUPLICATE KEY UPDATE attempts = attempts");
    }

    private static Object[] row(String subscriptionId, OutgoingEvent out, Object now) {
      var body = out.bodyFor(subscriptionId);
      return new Object[] {
        subscriptionId,
        out.idFor(subscriptionId),
        body.path("type").asText(),
        out.appId(),
        Json.write(body),
        DeliveryStatus.PENDING,
        0,
        now,
        now,
        now
      };
    }

    private static boolean isApp(EventEnvelope event) {
      return EventCatalog.APP.equals(event.aggregateType());
    }

    private static String appIdOf(EventEnvelope event) {
      var tree = Json.mapper().valueToTree(event.payload());
      return tree.path("appId").asText(event.aggregateId());
    }

    /** The state of the batch's apps (rows owned by App aggregates, whose offsets are locked). */
    private Map<String, OutboxApp> loadApps(JdbcClient jdbc) {
      var ids =
          events.stream()
              .filter(OutboxBatch::isApp)
              .map(OutboxBatch::appIdOf)
              .distinct()
              .sorted()
              .toList();
      var apps = new LinkedHashMap<String, OutboxApp>();
      MultiRow.select(
          jdbc,
          "SELECT app_id, deployed, change_id, change_trigger, provenance FROM event_outbox_app"
              + " WHERE app_id IN (",
          List.of(),
          ids,
          ")",
          rs -> {
            var provenance = rs.getString(5);
            apps.put(
                rs.getString(1),
                new OutboxApp(
                    rs.getBoolean(2),
                    rs.getString(3),
                    rs.getString(4),
                    provenance == null ? null : Json.read(provenance, Provenance.class)));
          });
      return apps;
    }

    private static void saveApps(JdbcClient jdbc, Map<String, OutboxApp> apps) {
      var rows = new ArrayList<Object[]>();
      new HashMap<>(apps)
          .entrySet().stream()
              .sorted(Map.Entry.comparingByKey())
              .forEach(
                  e -> {
                    var app = e.getValue();
                    rows.add(
                        new Object[] {
                          e.getKey(),
                          app.deployed,
                          app.changeId,
                          app.trigger,
                          app.provenance == null ? null : Json.write(app.provenance)
                        });
                  });
      MultiRow.insert(
          jdbc,
          "INSERT INTO event_outbox_app (app_id, deployed, change_id, change_trigger, provenance)"
              + " VALUES ",
          rows,
          " ON DUPLICATE KEY UPDATE deployed = VALUES(deployed), change_id = VALUES(change_id),"
              + " change_trigger = VALUES(change_trigger), provenance = VALUES(provenance)");
    }
  }
}
