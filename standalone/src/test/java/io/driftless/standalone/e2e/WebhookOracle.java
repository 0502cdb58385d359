package io.driftless.standalone.e2e;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.EventCatalog;
import io.driftless.events.EventEnvelope;
import io.driftless.query.projection.Json;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * What a subscription to every type and app must receive for an event store, worked out from the
 * store alone (docs/API.md, "Events out"), independently of the query side's outbox: one CloudEvent
 * per stored event of a sent type, and after a successful deploy, rollback or delete its CDEvent;
 * each with the id the API promises (stable per stored event, kind and subscription). The list is
 * in event-store order, which per app is the order the first receipts must keep.
 */
final class WebhookOracle {

  /** Stored event type -> short name, as docs/API.md's table "What is sent". */
  private static final Map<String, String> SENT =
      Map.of(
          "AppChangeStarted", "change.started",
          "AppChangeFinished", "change.finished",
          "DriftDetected", "drift.detected",
          "DriftCorrected", "drift.corrected",
          "GhostDiffDetected", "ghostdiff.detected",
          "AppLocked", "app.locked",
          "AppDeleted", "app.deleted");

  /**
   * One CloudEvent the subscription must get.
   *
   * @param id its CloudEvent {@code id}
   * @param app the app ({@code namespace/app}): deliveries are ordered per app
   * @param name its short name ({@code change.finished}, {@code service.upgraded})
   * @param changeId the change it belongs to, if any
   * @param ofApp whether it comes of an App event (its changes, locks and deletes): those keep
   *     event-store order per app; a ResourceChange's (drift, ghost diffs) go in the order they
   *     were applied (query-side README, "Events out", "Order")
   */
  record Expected(String id, String app, String name, String changeId, boolean ofApp) {}

  private WebhookOracle() {}

  /**
   * The CloudEvents a subscription {@code subscriptionId} to everything gets for {@code events}.
   */
  static List<Expected> expected(List<EventEnvelope> events, String subscriptionId) {
    var out = new ArrayList<Expected>();
    // Each app's newest started change and its trigger: a finish of another change sends no
    // CDEvent.
    var started = new HashMap<String, AppChangeStarted>();
    var deployed = new HashMap<String, Boolean>();
    for (var event : events) {
      var name = SENT.get(event.type());
      if (name == null) {
        continue;
      }
      var data = Json.mapper().valueToTree(event.payload());
      var app = data.path("appId").asText(null);
      if (app == null) {
        continue;
      }
      var changeId = data.path("changeId").asText(null);
      var ofApp = EventCatalog.APP.equals(event.aggregateType());
      out.add(new Expected(id(subscriptionId, event.eventId(), name), app, name, changeId, ofApp));
      if (event.payload() instanceof AppChangeStarted begun) {
        started.put(app, begun);
      } else if (event.payload() instanceof AppDeleted) {
        deployed.put(app, false);
      } else if (event.payload() instanceof AppChangeFinished finished && finished.successful()) {
        var start = started.get(app);
        var same = start != null && start.changeId().equals(finished.changeId());
        var cd = same ? cdEvent(start.trigger(), deployed.getOrDefault(app, false)) : null;
        if (cd != null) {
          deployed.put(app, !cd.equals("service.removed"));
          out.add(new Expected(id(subscriptionId, event.eventId(), cd), app, cd, changeId, ofApp));
        }
      }
    }
    return out;
  }

  private static String cdEvent(ChangeTrigger trigger, boolean deployed) {
    if (trigger == ChangeTrigger.DEPLOY) {
      return deployed ? "service.upgraded" : "service.deployed";
    }
    if (trigger == ChangeTrigger.ROLLBACK) {
      return "service.rolledback";
    }
    if (trigger == ChangeTrigger.DELETE) {
      return "service.removed";
    }
    return null;
  }

  private static String id(String subscriptionId, String eventId, String name) {
    var key = subscriptionId + "/" + eventId + "/" + name;
    return UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8)).toString();
  }

  /**
   * Where the first receipts of each app's App events leave event-store order: for each app, the
   * ids received (first time) after an event that comes later in the store. Empty when every app's
   * first receipts keep the store's order.
   */
  static Map<String, List<String>> disorder(List<Expected> expected, List<String> receivedIds) {
    var position = new HashMap<String, Integer>();
    var appOf = new HashMap<String, String>();
    for (int i = 0; i < expected.size(); i++) {
      if (!expected.get(i).ofApp()) {
        continue;
      }
      position.put(expected.get(i).id(), i);
      appOf.put(expected.get(i).id(), expected.get(i).app());
    }
    var seen = new HashSet<String>();
    var last = new HashMap<String, Integer>();
    var disorder = new LinkedHashMap<String, List<String>>();
    for (var id : receivedIds) {
      if (!position.containsKey(id) || !seen.add(id)) {
        continue;
      }
      var app = appOf.get(id);
      var at = position.get(id);
      if (at < last.getOrDefault(app, -1)) {
        disorder.computeIfAbsent(app, a -> new ArrayList<>()).add(id);
      } else {
        last.put(app, at);
      }
    }
    return disorder;
  }
}
