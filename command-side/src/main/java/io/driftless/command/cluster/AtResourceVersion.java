package io.driftless.command.cluster;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Values made from objects of the cluster, kept per key with the {@code uid} and {@code
 * resourceVersion} of the object they were made from. The API server gives an object a new
 * resourceVersion at every write, its status and metadata included (Kubernetes' "Resource
 * versions"; the sandbox does the same), so an object read again at the same uid and
 * resourceVersion is the same object, and what was made from it before serves again: the trees of
 * listed items ({@link ListedTrees}), objects read at another apiVersion ({@link
 * ObjectsAtVersions}), live objects without Driftless's labels (the planner's {@code
 * StrippedLive}). An object without a uid or resourceVersion is never kept. The key says what else
 * the value depends on (name, kind, apiVersion).
 *
 * <p>At most {@code capacity} values, the least recently used going first; 0 keeps none.
 * Thread-safe.
 */
public final class AtResourceVersion<K, V> {

  private record Kept<V>(String uid, String resourceVersion, V value) {}

  private final int capacity;
  private final Map<K, Kept<V>> kept;

  /** Keeps at most {@code capacity} values; 0 keeps none. */
  public AtResourceVersion(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("a capacity of at least 0, not " + capacity);
    }
    this.capacity = capacity;
    this.kept =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<K, Kept<V>> eldest) {
            return size() > AtResourceVersion.this.capacity;
          }
        };
  }

  /** The value kept for {@code key} at this uid and resourceVersion, if any. */
  public synchronized Optional<V> find(K key, String uid, String resourceVersion) {
    if (!known(uid) || !known(resourceVersion)) {
      return Optional.empty();
    }
    var found = kept.get(key);
    return found != null
            && found.uid().equals(uid)
            && found.resourceVersion().equals(resourceVersion)
        ? Optional.of(found.value())
        : Optional.empty();
  }

  /**
   * Keeps {@code value} for {@code key} at this uid and resourceVersion (unless one is missing).
   */
  public void keep(K key, String uid, String resourceVersion, V value) {
    if (capacity == 0 || !known(uid) || !known(resourceVersion)) {
      return;
    }
    synchronized (this) {
      kept.put(key, new Kept<>(uid, resourceVersion, value));
    }
  }

  /** The value kept for {@code key} at this uid and resourceVersion, else {@code make}'s, kept. */
  public V get(K key, String uid, String resourceVersion, Supplier<V> make) {
    var found = find(key, uid, resourceVersion);
    if (found.isPresent()) {
      return found.get();
    }
    var made = make.get();
    keep(key, uid, resourceVersion, made);
    return made;
  }

  /** How many values are kept. */
  public synchronized int size() {
    return kept.size();
  }

  private static boolean known(String value) {
    return value != null && !value.isEmpty();
  }
}
