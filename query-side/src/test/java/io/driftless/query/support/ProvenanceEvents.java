package io.driftless.query.support;

import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.AppEvent;
import io.driftless.events.AppLocked;
import io.driftless.events.AppUnlocked;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.Provenance;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Issue 27's additions to a generated history, for the oracles ({@link SequentialFold}): every
 * change gets a provenance (one of a few actors, a client, sometimes a message, meta with {@code
 * git.commit} and sometimes {@code pipeline.run}; every seventh keeps none and reads as {@code
 * unknown}), every fifth later deploy becomes a rollback to the change before it, and at the end
 * two apps in three are locked and half of those unlocked again (each a change number of its own).
 */
public final class ProvenanceEvents {

  public static final List<String> ACTORS = List.of("alice", "bob", "ci-bot");

  private ProvenanceEvents() {}

  /** The events with provenance, rollbacks, locks and unlocks, in store order. */
  public static List<EventEnvelope> withProvenance(List<EventEnvelope> events, long seed) {
    var random = new Random(seed);
    var out = new ArrayList<EventEnvelope>();
    var next = new HashMap<String, Long>();
    var last = new LinkedHashMap<String, AppState>();
    for (var event : events) {
      var payload = event.payload();
      if (payload instanceof AppChangeStarted s) {
        var rollback =
            s.trigger() == ChangeTrigger.DEPLOY && s.changeNumber() > 1 && random.nextInt(5) == 0;
        payload =
            new AppChangeStarted(
                s.appId(),
                s.changeId(),
                s.changeNumber(),
                rollback ? ChangeTrigger.ROLLBACK : s.trigger(),
                s.startedAt(),
                s.namespaces(),
                s.desired(),
                s.ops(),
                s.waits(),
                s.description(),
                s.syncPeriod(),
                s.ghostDiffPolicy(),
                s.kappConfigs(),
                s.changeNumber() % 7 == 0 ? null : provenance(random),
                rollback ? ChangeIds.of(s.appId(), s.changeNumber() - 1) : null);
      }
      add(out, next, event, payload);
      if (payload instanceof AppEvent a) {
        var state = last.computeIfAbsent(a.appId(), id -> new AppState());
        state.deleted = payload instanceof AppDeleted;
        if (payload instanceof AppChangeStarted s) {
          state.number = s.changeNumber();
          state.at = s.startedAt();
        }
      }
    }
    var end = events.get(events.size() - 1);
    var i = 0;
    for (var entry : last.entrySet()) {
      var app = entry.getKey();
      var state = entry.getValue();
      if (i++ % 3 == 2 || state.deleted) {
        continue;
      }
      var lockAt = state.at.plusSeconds(60);
      var locker = provenance(random);
      add(
          out,
          next,
          end,
          new AppLocked(
              app,
              ChangeIds.of(app, state.number + 1),
              state.number + 1,
              "release freeze " + random.nextInt(100),
              locker,
              lockAt));
      if (random.nextBoolean()) {
        add(
            out,
            next,
            end,
            new AppUnlocked(
                app,
                ChangeIds.of(app, state.number + 2),
                state.number + 2,
                locker.actor(),
                provenance(random),
                lockAt.plusSeconds(60)));
      }
    }
    return out;
  }

  private static Provenance provenance(Random random) {
    var meta = new HashMap<String, String>();
    meta.put("git.commit", Long.toHexString(random.nextLong()));
    if (random.nextBoolean()) {
      meta.put("pipeline.run", Integer.toString(random.nextInt(20)));
    }
    return new Provenance(
        ACTORS.get(random.nextInt(ACTORS.size())),
        random.nextInt(4) == 0 ? null : "driftless-cli/1.2." + random.nextInt(3),
        random.nextInt(3) == 0 ? "message " + random.nextInt(1000) : null,
        meta);
  }

  private static void add(
      List<EventEnvelope> out,
      Map<String, Long> next,
      EventEnvelope source,
      DriftlessEvent payload) {
    var sequence = next.merge(payload.aggregateId(), 1L, Long::sum) - 1;
    var id = payload == source.payload() ? source.eventId() : UUID.randomUUID().toString();
    out.add(EventEnvelope.of(id, sequence, source.occurredAt(), payload));
  }

  private static final class AppState {
    boolean deleted;
    long number;
    Instant at;
  }
}
