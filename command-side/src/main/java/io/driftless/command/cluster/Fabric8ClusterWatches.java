package io.driftless.command.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.ownership.AppLabels;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.shared.DaemonThreads;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link ClusterWatches} on fabric8: one {@link KindWatch} per watched kind, all apps at once
 * (label selector {@code driftless.io/app}, the label's existence), across all namespaces. One
 * watch per kind rather than per app: the API server's cost and the number of connections follow
 * the kinds (a handful), not the apps (thousands); memory is per object either way.
 *
 * <p>It is also the gateway's {@link WriteObserver}: the gateway's own writes go to the watch of
 * their kind, so they are not taken for drift.
 */
public final class Fabric8ClusterWatches implements ClusterWatches, WriteObserver {

  private static final Logger log = LoggerFactory.getLogger(Fabric8ClusterWatches.class);
  private static final ObjectMapper TREES = new ObjectMapper();

  private final KubernetesClient client;
  private final Duration maxBackoff;
  private final Fingerprints fingerprints = new Fingerprints();
  private final Map<String, String> appIds = new ConcurrentHashMap<>();
  private final Map<WatchedKind, KindWatch> watches = new ConcurrentHashMap<>();
  private final Set<WatchedKind> unwatchable = ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService executor;
  private volatile Consumer<String> listener = appId -> {};
  private volatile BiConsumer<String, ObjectNode> objectListener;
  private volatile Function<WatchedKind, Optional<ResourceDefinitionContext>> contexts;

  /**
   * Watches through {@code client}; a watch that fails restarts after a backoff doubling from 1 s
   * up to {@code maxBackoff}.
   */
  public Fabric8ClusterWatches(KubernetesClient client, Duration maxBackoff) {
    this.client = client;
    this.maxBackoff = maxBackoff;
    this.executor =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.numbered("cluster-watch"));
  }

  /** How a kind's path is found (the gateway's: built-in tables, CRDs). */
  void contexts(Function<WatchedKind, Optional<ResourceDefinitionContext>> contexts) {
    this.contexts = contexts;
  }

  @Override
  public void listen(Consumer<String> changedApp) {
    this.listener = changedApp;
  }

  @Override
  public void listenObjects(BiConsumer<String, ObjectNode> changedObject) {
    this.objectListener = changedObject;
  }

  /** Tells the object listener, if any, of a changed object (as a tree, only then). */
  private void changedObject(String appId, GenericKubernetesResource object) {
    var objects = objectListener;
    if (objects != null) {
      objects.accept(appId, TREES.valueToTree(object));
    }
  }

  @Override
  public synchronized void scope(Set<WatchedKind> kinds) {
    unwatchable.retainAll(kinds); // a kind that comes back is warned about afresh
    for (var kind : Set.copyOf(watches.keySet())) {
      if (!kinds.contains(kind)) {
        watches.remove(kind).close();
        log.info("Stopped watching {}", kind);
      }
    }
    for (var kind : kinds) {
      if (Thread.currentThread().isInterrupted()) {
        return; // closed while scoping (a clean stop): the next start scopes again
      }
      if (watches.containsKey(kind)) {
        continue;
      }
      var context = context(kind);
      if (context.isEmpty()) {
        continue; // a custom kind whose CRD is not in the cluster yet: tried again next scope
      }
      var watch = start(kind, context.get());
      watches.put(kind, watch);
      executor.execute(watch::connect);
      log.info("Watching {} objects labelled {}", kind, AppLabels.APP);
    }
  }

  /**
   * The kind's path; empty when it cannot be watched (yet). A kind whose path cannot be found (no
   * CRD declares it, the cluster did not answer) is tried again at every scope; it is logged at
   * WARN the first time and again only after it could be watched in between, else at DEBUG: the
   * watch trigger scopes every 5 s, and one missing CRD wrote a warning each time. A read broken by
   * the trigger's own close (a clean stop interrupts its thread) is no warning at all: the outside
   * edit fuzz test saw 32 of them, one per kind left to scope, on stops of a busy server.
   */
  private Optional<ResourceDefinitionContext> context(WatchedKind kind) {
    try {
      var context = contexts.apply(kind);
      unwatchable.remove(kind);
      return context;
    } catch (RuntimeException e) {
      if (interrupted(e)) {
        // The trigger was closed mid-scope (a clean stop interrupts it): not the kind's fault.
        log.debug("Scoping {} interrupted: {}", kind, e.getMessage());
        Thread.currentThread().interrupt();
        return Optional.empty();
      }
      if (unwatchable.add(kind)) {
        log.warn("Cannot watch {}: {} (tried again at each scope)", kind, e.getMessage());
      } else {
        log.debug("Still cannot watch {}: {}", kind, e.getMessage());
      }
      return Optional.empty();
    }
  }

  private static boolean interrupted(Throwable e) {
    if (Thread.currentThread().isInterrupted()) {
      return true;
    }
    for (var cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof InterruptedException) {
        return true;
      }
    }
    return false;
  }

  private KindWatch start(WatchedKind kind, ResourceDefinitionContext context) {
    var operation = client.genericKubernetesResources(context);
    var selected =
        context.isNamespaceScoped()
            ? operation.inAnyNamespace().withLabel(AppLabels.APP)
            : operation.withLabel(AppLabels.APP);
    return new KindWatch(
        kind,
        selected,
        fingerprints,
        appId -> appIds.computeIfAbsent(appId, id -> id),
        appId -> listener.accept(appId),
        this::changedObject,
        executor,
        maxBackoff);
  }

  @Override
  public Set<WatchedKind> scope() {
    return Set.copyOf(watches.keySet());
  }

  @Override
  public int objects() {
    return watches.values().stream().mapToInt(KindWatch::size).sum();
  }

  @Override
  public synchronized void close() {
    watches.values().forEach(KindWatch::close);
    watches.clear();
    executor.shutdownNow();
  }

  @Override
  public void writing(ResourceKey key, String apiVersion) {
    forKind(key, apiVersion, (watch, object) -> watch.writing(object));
  }

  @Override
  public void wrote(ResourceKey key, String apiVersion, GenericKubernetesResource stored) {
    forKind(key, apiVersion, (watch, object) -> watch.wrote(object, stored));
  }

  @Override
  public void failed(ResourceKey key, String apiVersion) {
    forKind(key, apiVersion, (watch, object) -> watch.failed(object));
  }

  /** Every watch of the key's group and kind (any version: they show the same objects). */
  private void forKind(
      ResourceKey key, String apiVersion, java.util.function.BiConsumer<KindWatch, String> action) {
    if (watches.isEmpty()) {
      return;
    }
    var object = key.namespace() + "/" + key.name();
    var byKind = new HashMap<>(watches);
    byKind.forEach(
        (kind, watch) -> {
          if (kind.kind().equals(key.kind()) && kind.group().equals(key.group())) {
            action.accept(watch, object);
          }
        });
  }
}
