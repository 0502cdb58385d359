package io.driftless.events.testing;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.FieldChange;
import io.driftless.events.OpCounts;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Writes a plausible event store: apps changing concurrently (their events interleave), each change
 * a start, some resource events (creates, updates, deletes, refused applies, objects taken over by
 * another app) and a finish; now and then a delete of the whole app. Per aggregate the sequences
 * are gap-free from 0, as Axon's are. Deterministic for a seed.
 */
public final class EventHistoryGenerator {

  private static final String[][] KINDS = {
    {"v1", "ConfigMap"},
    {"apps/v1", "Deployment"},
    {"v1", "Service"},
    {"v1", "Secret"},
    {"rbac.authorization.k8s.io/v1", "Role"}
  };

  private final Random random;
  private final Map<String, Long> sequences = new HashMap<>();
  private final List<EventEnvelope> events = new ArrayList<>();
  private Instant clock = Instant.parse("2026-11-01T00:00:00Z");

  public EventHistoryGenerator(long seed) {
    this.random = new Random(seed);
  }

  /** At least {@code minEvents} events over {@code apps} apps of {@code resources} objects. */
  public List<EventEnvelope> generate(int apps, int resources, int minEvents) {
    return generate("app-", apps, resources, minEvents);
  }

  /** As {@link #generate(int, int, int)}, with apps named {@code appPrefix + i}. */
  public List<EventEnvelope> generate(String appPrefix, int apps, int resources, int minEvents) {
    var states = new ArrayList<AppSim>();
    for (int i = 0; i < apps; i++) {
      states.add(new AppSim("ns-" + (i % 7), appPrefix + i, resources));
    }
    while (events.size() < minEvents) {
      states.get(random.nextInt(apps)).step();
    }
    states.forEach(AppSim::finishOpenChange);
    return List.copyOf(events);
  }

  private void emit(DriftlessEvent event) {
    var sequence = sequences.merge(event.aggregateId(), 1L, Long::sum) - 1;
    clock = clock.plusMillis(1 + random.nextInt(5));
    events.add(EventEnvelope.of(UUID.randomUUID().toString(), sequence, clock, event));
  }

  private final class AppSim {
    final String appId;
    final String namespace;
    final ResourceRef[] refs;
    final boolean[] live;
    long changes;
    String open;
    ChangeTrigger trigger;
    final Deque<Runnable> pending = new ArrayDeque<>();

    AppSim(String namespace, String name, int resources) {
      this.namespace = namespace;
      this.appId = ResourceIds.appId(namespace, name);
      this.refs = new ResourceRef[resources];
      this.live = new boolean[resources];
      for (int i = 0; i < resources; i++) {
        var kind = KINDS[i % KINDS.length];
        refs[i] = new ResourceRef(kind[0], kind[1], namespace, name + "-r" + i);
      }
    }

    void step() {
      if (open == null) {
        start();
      } else if (!pending.isEmpty()) {
        pending.poll().run();
      } else {
        finish();
      }
    }

    void finishOpenChange() {
      while (open != null) {
        step();
      }
    }

    private void start() {
      changes++;
      open = String.format("%s-change-%06d", ResourceIds.appName(appId), changes);
      trigger = random.nextInt(100) < 3 ? ChangeTrigger.DELETE : ChangeTrigger.DEPLOY;
      for (int i = 0; i < refs.length; i++) {
        planResource(i);
      }
      var verb = trigger == ChangeTrigger.DELETE ? "delete" : "update";
      emit(
          new AppChangeStarted(
              appId,
              open,
              changes,
              trigger,
              clock,
              List.of(namespace),
              Map.of("core/ConfigMap/" + namespace + "/x", "sha256:" + changes),
              new OpCounts(pending.size(), 0, 0, 0, 0),
              new WaitCounts(pending.size(), 0, 0),
              verb + ": Op: " + pending.size() + " planned"));
    }

    private void planResource(int i) {
      var change = open;
      if (trigger == ChangeTrigger.DELETE) {
        if (live[i]) {
          live[i] = false;
          pending.add(() -> emit(new ResourceDeleted(id(i), appId, change, refs[i], clock)));
        }
        return;
      }
      if (random.nextInt(100) >= 60) {
        return;
      }
      var roll = random.nextInt(100);
      if (!live[i] && roll < 85) {
        live[i] = true;
        var n = changes;
        pending.add(
            () ->
                emit(
                    new ResourceCreated(
                        id(i),
                        appId,
                        change,
                        refs[i],
                        Map.of("data", Map.of("v", n)),
                        "sha256:c" + n,
                        "rv" + n,
                        1,
                        fields(n),
                        clock)));
      } else if (!live[i]) {
        pending.add(() -> emit(failed(i, change, "create")));
      } else if (roll < 70) {
        var n = changes;
        pending.add(
            () ->
                emit(
                    new ResourceUpdated(
                        id(i),
                        appId,
                        change,
                        refs[i],
                        Map.of("data", Map.of("v", n)),
                        "sha256:u" + n,
                        "rv" + n,
                        n,
                        fields(n),
                        clock)));
      } else if (roll < 80) {
        live[i] = false;
        pending.add(() -> emit(new ResourceDeleted(id(i), appId, change, refs[i], clock)));
      } else if (roll < 85) {
        live[i] = false;
        pending.add(() -> emit(disowned(i)));
      } else {
        pending.add(() -> emit(failed(i, change, "update")));
      }
    }

    /** Another app ("taker") took the object over during one of its own changes. */
    private ResourceDisowned disowned(int i) {
      var taker = ResourceIds.appId(namespace, "taker");
      var change = String.format("taker-change-%06d", changes);
      return new ResourceDisowned(id(i), appId, change, refs[i], taker, clock);
    }

    private ResourceApplyFailed failed(int i, String change, String op) {
      return new ResourceApplyFailed(id(i), appId, change, refs[i], op, "409 Conflict", clock);
    }

    private List<FieldChange> fields(long n) {
      return List.of(
          new FieldChange("spec.replicas", n - 1, n, "desired"),
          new FieldChange("data.v", Map.of("old", List.of(1, "a")), "v" + n, "desired"));
    }

    private void finish() {
      var successful = random.nextInt(100) < 85;
      emit(
          new AppChangeFinished(
              appId,
              open,
              successful,
              "finished " + open,
              new OpCounts(1, 0, 0, 0, 0),
              new WaitCounts(1, 0, 0),
              clock,
              successful ? null : "a resource was refused"));
      if (successful && trigger == ChangeTrigger.DELETE) {
        emit(new AppDeleted(appId, open, clock));
      }
      open = null;
      trigger = null;
    }

    private String id(int i) {
      return ResourceIds.resourceId(appId, refs[i]);
    }
  }
}
