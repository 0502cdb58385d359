package io.driftless.command.deploy;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The values used most recently, kept while their keys' weights add up to at most a bound; a key
 * heavier than the bound is never kept. The one home of the bodies kept by size ({@link
 * DecodedBodies} in bytes, {@link ParsedBodies} in characters). Thread-safe.
 */
final class WeighedLru<K, V> {

  private record Kept<V>(V value, long weight) {}

  private final long maxWeight;
  private final LinkedHashMap<K, Kept<V>> kept = new LinkedHashMap<>(16, 0.75f, true);
  private long keptWeight;

  /** {@code setting} names the bound in the message that refuses a negative one. */
  WeighedLru(String setting, long maxWeight) {
    if (maxWeight < 0) {
      throw new IllegalArgumentException(setting + " must not be negative, not " + maxWeight);
    }
    this.maxWeight = maxWeight;
  }

  /** The value kept for {@code key} (now the most recently used), or null. */
  synchronized V get(K key) {
    var known = kept.get(key);
    return known == null ? null : known.value();
  }

  /**
   * Keeps {@code value} for {@code key} unless the key is kept already or weighs more than the
   * bound; drops the least recently used until the weights fit.
   */
  synchronized void keep(K key, V value, long weight) {
    if (weight > maxWeight || kept.containsKey(key)) {
      return;
    }
    kept.put(key, new Kept<>(value, weight));
    keptWeight += weight;
    Iterator<Map.Entry<K, Kept<V>>> eldest = kept.entrySet().iterator();
    while (keptWeight > maxWeight) {
      keptWeight -= eldest.next().getValue().weight();
      eldest.remove();
    }
  }

  /** How many values are kept. */
  synchronized int size() {
    return kept.size();
  }
}
