package io.driftless.command.cluster;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceList;
import io.fabric8.kubernetes.api.model.ListOptionsBuilder;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.dsl.FilterWatchListDeletable;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One label-selected watch of one kind across all namespaces: list (in pages) then watch from the
 * list's resourceVersion, keeping per object ({@code namespace/name}) only its {@link Fingerprint}.
 * An event whose fingerprint differs from the known one, or the delete of a known object, tells the
 * listener the owning app changed, and the object listener what the object is now; an object seen
 * for the first time does not (a create).
 *
 * <p>Driftless's own writes are announced by the gateway ({@link WriteObserver}): while a write of
 * an object is under way its events update the fingerprint without telling anyone, and the object
 * the server answered becomes the known fingerprint, so the echo of our write, arriving later, is
 * no change either.
 *
 * <p>When the watch closes with an error (or cannot start) it restarts after a backoff doubling
 * from 1 s up to {@code maxBackoff}, re-listing first: an object changed while no watch ran is
 * found changed by its fingerprint, one deleted meanwhile by its absence from the list.
 */
final class KindWatch {

  private static final Logger log = LoggerFactory.getLogger(KindWatch.class);
  private static final long PAGE = 500;
  private static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);

  private final WatchedKind kind;
  private final FilterWatchListDeletable<
          GenericKubernetesResource,
          GenericKubernetesResourceList,
          Resource<GenericKubernetesResource>>
      objects;
  private final Fingerprints fingerprints;
  private final UnaryOperator<String> appIds;
  private final Consumer<String> listener;
  private final BiConsumer<String, GenericKubernetesResource> changedObjects;
  private final ScheduledExecutorService executor;
  private final Duration maxBackoff;
  private final Map<String, Fingerprint> known = new HashMap<>();
  private final Map<String, Integer> writing = new HashMap<>();
  private Watch watch;
  private int failures;
  private boolean closed;

  KindWatch(
      WatchedKind kind,
      FilterWatchListDeletable<
              GenericKubernetesResource,
              GenericKubernetesResourceList,
              Resource<GenericKubernetesResource>>
          objects,
      Fingerprints fingerprints,
      UnaryOperator<String> appIds,
      Consumer<String> listener,
      BiConsumer<String, GenericKubernetesResource> changedObjects,
      ScheduledExecutorService executor,
      Duration maxBackoff) {
    this.kind = kind;
    this.objects = objects;
    this.fingerprints = fingerprints;
    this.appIds = appIds;
    this.listener = listener;
    this.changedObjects = changedObjects;
    this.executor = executor;
    this.maxBackoff = maxBackoff;
  }

  /** Lists and starts watching; on failure, tries again after the backoff. */
  void connect() {
    synchronized (this) {
      if (closed) {
        return;
      }
    }
    try {
      var resourceVersion = relist();
      boolean recovered;
      synchronized (this) {
        if (closed) {
          return;
        }
        var options =
            new ListOptionsBuilder()
                .withResourceVersion(resourceVersion)
                .withAllowWatchBookmarks(true)
                .build();
        watch = objects.watch(options, new Events());
        recovered = failures > 0;
        failures = 0;
      }
      if (recovered) {
        log.info("The watch of {} runs again ({} owned objects)", kind, size());
      } else {
        log.debug("Watching {} ({} owned objects)", kind, size());
      }
    } catch (RuntimeException e) {
      retry(e.getMessage());
    }
  }

  /** Reads every owned object of the kind; returns the list's resourceVersion. */
  private String relist() {
    var listed = new HashSet<String>();
    String next = null;
    String resourceVersion;
    do {
      var page = objects.list(new ListOptionsBuilder().withLimit(PAGE).withContinue(next).build());
      synchronized (this) {
        for (var object : page.getItems()) {
          var key = key(object);
          listed.add(key);
          seen(key, object);
        }
      }
      next = page.getMetadata() == null ? null : page.getMetadata().getContinue();
      resourceVersion = page.getMetadata() == null ? null : page.getMetadata().getResourceVersion();
    } while (next != null && !next.isEmpty());
    synchronized (this) {
      for (var key : new HashSet<>(known.keySet())) {
        if (!listed.contains(key)) {
          gone(key);
        }
      }
    }
    return resourceVersion;
  }

  /**
   * Restarts after the backoff. Only the first failure of a run of failures is a WARN, the later
   * ones DEBUG: a watched kind whose CRD was deleted by hand fails at every retry.
   */
  private void retry(String reason) {
    Duration wait;
    boolean first;
    synchronized (this) {
      if (closed) {
        return;
      }
      watch = null;
      first = failures == 0;
      var shift = Math.min(failures++, 20);
      var millis = FIRST_BACKOFF.toMillis() << shift;
      wait = Duration.ofMillis(Math.min(millis, maxBackoff.toMillis()));
    }
    if (first) {
      log.warn(
          "The watch of {} stopped ({}); restarting in {} (retries logged at DEBUG)",
          kind,
          reason,
          wait);
    } else {
      log.debug("The watch of {} still fails ({}); restarting in {}", kind, reason, wait);
    }
    executor.schedule(this::connect, wait.toMillis(), TimeUnit.MILLISECONDS);
  }

  private synchronized void seen(String key, GenericKubernetesResource object) {
    var appId = Fingerprints.appId(object);
    if (appId == null) {
      // Labelled but not named by Driftless (changed by hand): no app to reconcile.
      known.remove(key);
      return;
    }
    var after = fingerprints.of(object, appIds.apply(appId));
    var before = known.put(key, after);
    if (!writing.containsKey(key) && Fingerprint.triggers(before, after)) {
      listener.accept(after.appId());
      changedObjects.accept(after.appId(), object);
    }
  }

  private synchronized void gone(String key) {
    var before = known.remove(key);
    if (before != null && !writing.containsKey(key)) {
      listener.accept(before.appId());
    }
  }

  /** Our write of {@code key} starts. */
  synchronized void writing(String key) {
    writing.merge(key, 1, Integer::sum);
  }

  /** Our write of {@code key} ended; {@code stored} is what the server stored, null: deleted. */
  synchronized void wrote(String key, GenericKubernetesResource stored) {
    done(key);
    var appId = stored == null ? null : Fingerprints.appId(stored);
    if (appId == null) {
      known.remove(key);
    } else {
      known.put(key, fingerprints.of(stored, appIds.apply(appId)));
    }
  }

  /** Our write of {@code key} failed: what the watch saw stands. */
  synchronized void failed(String key) {
    done(key);
  }

  private void done(String key) {
    writing.computeIfPresent(key, (k, count) -> count == 1 ? null : count - 1);
  }

  synchronized int size() {
    return known.size();
  }

  /** Stops the watch for good. */
  void close() {
    Watch open;
    synchronized (this) {
      closed = true;
      open = watch;
      watch = null;
      known.clear();
    }
    if (open != null) {
      open.close();
    }
  }

  static String key(GenericKubernetesResource object) {
    var metadata = object.getMetadata();
    var namespace = metadata.getNamespace() == null ? "" : metadata.getNamespace();
    return namespace + "/" + metadata.getName();
  }

  private final class Events implements Watcher<GenericKubernetesResource> {

    @Override
    public void eventReceived(Action action, GenericKubernetesResource object) {
      if (object == null || object.getMetadata() == null) {
        return;
      }
      switch (action) {
        case ADDED, MODIFIED -> seen(key(object), object);
        case DELETED -> gone(key(object));
        default -> {
          // BOOKMARK: only a resourceVersion; ERROR: fabric8 closes the watch.
        }
      }
    }

    @Override
    public void onClose(WatcherException cause) {
      retry(cause.getMessage());
    }

    @Override
    public void onClose() {
      // closed by us
    }
  }
}
