package io.driftless.query.bench;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.OpCounts;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * A fleet's history with realistic objects, for the time-travel benchmark: {@code apps} apps of
 * {@code resources} objects each (Deployments, ConfigMaps, Services, Secrets, StatefulSets, with
 * container images and labels), plus one big app of {@code bigResources} objects and {@code
 * bigChanges} changes. Each change starts with the app's whole desired set, writes a few objects
 * (the first change creates all of them) and finishes. The apps change in rounds, interleaved, and
 * the events go to {@code sink} a round at a time so a million of them never sit in memory at once.
 * Deterministic for a seed.
 */
final class FleetHistory {

  private static final String[] IMAGES = {
    "nginx", "registry.example.com/shop/api", "ghcr.io/acme/worker", "redis", "postgres"
  };

  private final Random random;
  private final Map<String, Long> sequences = new HashMap<>();
  private Instant clock = Instant.parse("2026-01-01T00:00:00Z");
  private long emitted;
  private final List<EventEnvelope> round = new ArrayList<>();

  FleetHistory(long seed) {
    this.random = new Random(seed);
  }

  /** Emits at least {@code minEvents} events; returns the big app's id. */
  String generate(
      int apps,
      int resources,
      int bigResources,
      int bigChanges,
      long minEvents,
      Consumer<List<EventEnvelope>> sink) {
    var fleet = new ArrayList<AppSim>();
    for (int i = 0; i < apps; i++) {
      fleet.add(new AppSim("team-" + (i % 50), "app-" + i, resources));
    }
    var big = new AppSim("team-big", "big", bigResources);
    var bigPerRound = Math.max(1, bigChanges / 150);
    while (emitted < minEvents || big.changes < bigChanges) {
      if (emitted < minEvents) {
        fleet.forEach(AppSim::change);
      }
      for (int i = 0; i < bigPerRound && big.changes < bigChanges; i++) {
        big.change();
      }
      sink.accept(List.copyOf(round));
      round.clear();
    }
    return big.appId;
  }

  /** The time of the last event. */
  Instant clock() {
    return clock;
  }

  private void emit(DriftlessEvent event) {
    var sequence = sequences.merge(event.aggregateId(), 1L, Long::sum) - 1;
    clock = clock.plusMillis(200 + random.nextInt(400));
    round.add(EventEnvelope.of(UUID.randomUUID().toString(), sequence, clock, event));
    emitted++;
  }

  private final class AppSim {
    final String appId;
    final String namespace;
    final ResourceRef[] refs;
    final long[] versions;
    long changes;

    AppSim(String namespace, String name, int resources) {
      this.namespace = namespace;
      this.appId = ResourceIds.appId(namespace, name);
      this.refs = new ResourceRef[resources];
      this.versions = new long[resources];
      for (int i = 0; i < resources; i++) {
        refs[i] = ref(i, name + "-r" + i);
      }
    }

    private ResourceRef ref(int i, String name) {
      return switch (i % 5) {
        case 0 -> new ResourceRef("apps/v1", "Deployment", namespace, name);
        case 1 -> new ResourceRef("v1", "ConfigMap", namespace, name);
        case 2 -> new ResourceRef("v1", "Service", namespace, name);
        case 3 -> new ResourceRef("v1", "Secret", namespace, name);
        default -> new ResourceRef("apps/v1", "StatefulSet", namespace, name);
      };
    }

    void change() {
      changes++;
      var changeId = ChangeIds.of(appId, changes);
      var writes = new ArrayList<Integer>();
      if (changes == 1) {
        for (int i = 0; i < refs.length; i++) {
          writes.add(i);
        }
      } else {
        for (int k = 0; k < 3; k++) {
          writes.add(random.nextInt(refs.length));
        }
      }
      writes.forEach(i -> versions[i] = changes);
      var desired = new TreeMap<String, String>();
      for (int i = 0; i < refs.length; i++) {
        desired.put(key(refs[i]), "sha256:" + i + "-" + versions[i]);
      }
      emit(
          new AppChangeStarted(
              appId,
              changeId,
              changes,
              ChangeTrigger.DEPLOY,
              clock,
              List.of(namespace),
              desired,
              new OpCounts(0, 0, writes.size(), 0, 0),
              new WaitCounts(writes.size(), 0, 0),
              "update: Op: " + writes.size()));
      for (var i : writes.stream().distinct().toList()) {
        var ref = refs[i];
        var object = object(ref, i, versions[i]);
        var id = ResourceIds.resourceId(appId, ref);
        var hash = "sha256:" + i + "-" + versions[i];
        emit(
            changes == 1
                ? new ResourceCreated(
                    id, appId, changeId, ref, object, hash, "1", 1, List.of(), clock)
                : new ResourceUpdated(
                    id, appId, changeId, ref, object, hash, "2", 2, List.of(), clock));
      }
      emit(
          new AppChangeFinished(
              appId,
              changeId,
              true,
              "update: done",
              new OpCounts(0, 0, writes.size(), 0, 0),
              new WaitCounts(writes.size(), 0, 0),
              clock,
              null));
    }

    private String key(ResourceRef ref) {
      return ResourceIds.resourceId(appId, ref).substring(appId.length() + 1);
    }

    private Map<String, Object> object(ResourceRef ref, int i, long version) {
      var labels = Map.<String, Object>of("app", ResourceIds.appName(appId), "tier", "t" + i % 3);
      var metadata = new LinkedHashMap<String, Object>();
      metadata.put("name", ref.name());
      metadata.put("namespace", ref.namespace());
      metadata.put("labels", labels);
      var object = new LinkedHashMap<String, Object>();
      object.put("apiVersion", ref.apiVersion());
      object.put("kind", ref.kind());
      object.put("metadata", metadata);
      switch (ref.kind()) {
        case "Deployment", "StatefulSet" -> object.put("spec", workload(i, version, labels));
        case "ConfigMap" ->
            object.put("data", Map.of("config.yaml", "version: " + version + "\nlevel: info\n"));
        case "Secret" ->
            object.put("data", Map.of("password", "hmac-sha256:k1:" + Long.toHexString(version)));
        default ->
            object.put(
                "spec",
                Map.of(
                    "selector",
                    labels,
                    "ports",
                    List.of(Map.of("port", 80, "targetPort", 8080 + (int) (version % 3)))));
      }
      return object;
    }

    private Map<String, Object> workload(int i, long version, Map<String, Object> labels) {
      var image = IMAGES[(i / 5) % IMAGES.length] + ":1." + version % 40;
      var containers =
          List.of(
              Map.of(
                  "name",
                  "main",
                  "image",
                  image,
                  "env",
                  List.of(Map.of("name", "VERSION", "value", Long.toString(version))),
                  "resources",
                  Map.of("requests", Map.of("cpu", "100m", "memory", "128Mi"))),
              Map.of("name", "proxy", "image", "envoyproxy/envoy:v1.30.1"));
      return Map.of(
          "replicas", 2,
          "selector", Map.of("matchLabels", labels),
          "template",
              Map.of(
                  "metadata", Map.of("labels", labels),
                  "spec",
                      Map.of(
                          "containers",
                          containers,
                          "initContainers",
                          List.of(Map.of("name", "migrate", "image", "busybox:1.36")))));
    }
  }
}
