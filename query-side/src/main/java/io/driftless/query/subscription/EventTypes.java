package io.driftless.query.subscription;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The events a subscription can receive, by short name ({@code change.finished}), and their
 * CloudEvents types ({@code io.driftless.change.finished.v1}).
 *
 * <p><b>The extension point</b>: {@link #SHORT_NAMES} maps a stored event's type (its simple class
 * name, as {@code EventCatalog} names it) to its short name; adding an event is one line there. The
 * data of an event without a mapper of its own is the event's JSON with its {@code appId} and
 * {@code changeId} (the source and subject), as for {@code DriftDetected} and {@code
 * DriftCorrected}.
 */
final class EventTypes {

  /** Stored event type -> short name. */
  static final Map<String, String> SHORT_NAMES = shortNames();

  /** The CDEvents a successful change sends, by subscription name. */
  static final List<String> CDEVENTS =
      List.of("service.deployed", "service.upgraded", "service.rolledback", "service.removed");

  /** Every subscription type catches these. */
  static final String ALL = "*";

  /** Subscribes to every CDEvent. */
  static final String CDEVENTS_NAME = "cdevents";

  private EventTypes() {}

  private static Map<String, String> shortNames() {
    var names = new LinkedHashMap<String, String>();
    names.put("AppChangeStarted", "change.started");
    names.put("AppChangeFinished", "change.finished");
    names.put("DriftDetected", "drift.detected");
    names.put("DriftCorrected", "drift.corrected");
    names.put("GhostDiffDetected", "ghostdiff.detected");
    names.put("AppLocked", "app.locked");
    names.put("AppDeleted", "app.deleted");
    return Map.copyOf(names);
  }

  /** Whether the outbox turns events of this stored type into deliveries. */
  static boolean handled(String eventType) {
    return SHORT_NAMES.containsKey(eventType);
  }

  /** The CloudEvents type of a Driftless event's short name. */
  static String cloudEventType(String shortName) {
    return "io.driftless." + shortName + ".v1";
  }

  /** The CDEvents 0.4 type of {@code service.<predicate>}. */
  static String cdEventType(String name) {
    return "dev.cdevents." + name + ".0.2.0";
  }

  /** Every name a subscription's {@code types} accepts. */
  static Set<String> accepted() {
    var names = new TreeSet<>(SHORT_NAMES.values());
    names.addAll(CDEVENTS);
    names.add(CDEVENTS_NAME);
    names.add(ALL);
    return names;
  }

  /** Whether a subscription to {@code types} receives an event of short name {@code name}. */
  static boolean matches(Set<String> types, String name) {
    return types.contains(ALL)
        || types.contains(name)
        || (CDEVENTS.contains(name) && types.contains(CDEVENTS_NAME));
  }
}
