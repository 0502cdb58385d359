package io.driftless.command.drift;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.app.AppState;
import io.driftless.command.cluster.ClusterWatches;
import io.driftless.command.plan.AggregateStates;
import io.driftless.command.plan.Planner;
import io.driftless.command.resource.RecordDriftSeen;
import io.driftless.command.resource.ResourceState;
import io.driftless.command.secrets.DesiredContent;
import io.driftless.command.secrets.SecretVault;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.shared.DaemonThreads;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns what the watches report of changed owned objects into drift records, off the watches'
 * threads: one worker, and per object only its newest report waits (a burst of edits is one check).
 * A check costs no cluster request: the ResourceChange's state (its recorded resourceVersion first:
 * equal to the live one, the report is the echo of the app's own write and ends there), the App's
 * state (its kapp Configs, its HPAs), one diff ({@link DriftDiff}), one {@link RecordDriftSeen}.
 * Objects the app does not hold and Secrets whose seal does not open are skipped.
 */
public final class DriftWatch implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(DriftWatch.class);
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /** How long a report waits while the app's own change runs. */
  private static final Duration RECHECK = Duration.ofMillis(500);

  private final ClusterWatches watches;
  private final AggregateStates states;
  private final CommandGateway commands;
  private final Clock clock;
  private final DesiredContent content;
  private final DriftDiff diff;
  private final Map<String, Seen> pending = new LinkedHashMap<>();
  private final ScheduledExecutorService worker =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("drift-watch"));

  /** A watch's report of one object, waiting for its check. */
  private record Seen(String appId, ResourceKey key, ObjectNode live, Instant at) {}

  /** Checks what {@code watches} report, recording through {@code commands}. */
  public DriftWatch(
      ClusterWatches watches,
      AggregateStates states,
      CommandGateway commands,
      Clock clock,
      SecretVault vault) {
    this.watches = watches;
    this.states = states;
    this.commands = commands;
    this.clock = clock;
    this.content = new DesiredContent(vault);
    this.diff = new DriftDiff(vault.fingerprint());
  }

  /** Listens to the watches. */
  public void start() {
    watches.listenObjects(this::seen);
  }

  /** A watch saw an owned object change; called on the watch's thread: queues it. */
  void seen(String appId, ObjectNode live) {
    ResourceKey key;
    try {
      key = ResourceKey.of(live);
    } catch (RuntimeException e) {
      return; // not an object we could have applied
    }
    var resourceId = Planner.resourceId(appId, key);
    boolean first;
    synchronized (pending) {
      first = pending.put(resourceId, new Seen(appId, key, live, clock.instant())) == null;
    }
    if (first) {
      try {
        worker.execute(() -> check(resourceId));
      } catch (java.util.concurrent.RejectedExecutionException e) {
        // closing
      }
    }
  }

  private void check(String resourceId) {
    Seen seen;
    synchronized (pending) {
      seen = pending.remove(resourceId);
    }
    if (seen == null) {
      return;
    }
    try {
      record(resourceId, seen);
    } catch (RuntimeException e) {
      log.warn("Cannot check {} for drift: {}", resourceId, e.getMessage());
    }
  }

  private void record(String resourceId, Seen seen) {
    var app = states.app(seen.appId());
    if (app.changeInProgress() != null) {
      // The app's own change may be writing this object and not have recorded it yet: its echo
      // would look like drift. Look again once the change has recorded what it wrote.
      later(resourceId, seen);
      return;
    }
    var state = states.resource(resourceId).filter(s -> s.lastApplied() != null);
    if (state.isEmpty()) {
      return;
    }
    var resourceVersion = seen.live().path("metadata").path("resourceVersion").asText(null);
    if (resourceVersion == null || resourceVersion.equals(state.get().resourceVersion())) {
      return; // the echo of the app's own write
    }
    var desired = desired(resourceId, seen.key(), state.get());
    if (desired.isEmpty()) {
      return;
    }
    var fields =
        diff.fields(
            seen.key(),
            desired.get(),
            state.get(),
            seen.live(),
            app.kappConfigs(),
            scaledByHpa(app, seen.key()));
    commands.sendAndWait(
        new RecordDriftSeen(
            resourceId, seen.appId(), state.get().resource(), resourceVersion, fields, seen.at()));
  }

  /**
   * Checks {@code seen} again after {@link #RECHECK}, unless a newer report of it came meanwhile.
   */
  private void later(String resourceId, Seen seen) {
    synchronized (pending) {
      if (pending.putIfAbsent(resourceId, seen) != null) {
        return; // a newer report is queued and will be checked
      }
    }
    try {
      worker.schedule(() -> check(resourceId), RECHECK.toMillis(), TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // closing
    }
  }

  /** The stored desired object: last-applied, or a Secret's opened seal (none if it won't open). */
  private Optional<ObjectNode> desired(String resourceId, ResourceKey key, ResourceState state) {
    if (key.group().isEmpty() && "Secret".equals(key.kind())) {
      try {
        return content.desired(resourceId, state);
      } catch (RuntimeException e) {
        return Optional.empty();
      }
    }
    return Optional.of(state.lastAppliedTree());
  }

  /** Whether an HPA of the app's set, in the object's namespace, scales the object. */
  private boolean scaledByHpa(AppState app, ResourceKey key) {
    if (!"apps".equals(key.group())) {
      return false;
    }
    for (var id : app.resources().keySet()) {
      var hpa = ResourceKey.parseId(id);
      if (!"autoscaling".equals(hpa.group())
          || !"HorizontalPodAutoscaler".equals(hpa.kind())
          || !hpa.namespace().equals(key.namespace())) {
        continue;
      }
      var target =
          states
              .resource(Planner.resourceId(app.appId(), hpa))
              .map(ResourceState::lastApplied)
              .map(
                  object ->
                      MAPPER.<JsonNode>valueToTree(object).path("spec").path("scaleTargetRef"));
      if (target.isPresent()
          && key.kind().equals(target.get().path("kind").asText())
          && key.name().equals(target.get().path("name").asText())) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void close() {
    worker.shutdownNow();
  }
}
