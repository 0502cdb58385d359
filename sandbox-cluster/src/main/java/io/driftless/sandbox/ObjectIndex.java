package io.driftless.sandbox;

import static io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor.NAME;
import static io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor.NAMESPACE;
import static io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor.PLURAL;

import io.fabric8.mockwebserver.crud.Attribute;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.crud.AttributeType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The stored objects again, beside fabric8's map, filed by plural, then namespace, then name, and
 * by kind, so that a read of one object or of one kind looks only at the objects that can answer
 * it. fabric8's CRUD mock keeps each object under the {@link AttributeSet} of its request path and
 * its metadata and answers a read by testing every stored set against the request's ({@link
 * AttributeSet#matches}); here that same test runs on the few candidates the index hands out, so
 * the answers stay those of the mock: an object must carry the plural, namespace and name a path
 * asks for, and the API group and version too (a CRD stored at {@code v1beta1} is no answer at
 * {@code v1}: {@link CrdVersions} asks both). Each object keeps the rank it had in fabric8's
 * insertion-ordered map (a replaced object goes last, as there), and candidates come in that order.
 *
 * <p>Every change to fabric8's map is made here too, in the same step: {@link SandboxDispatcher}
 * puts what fabric8 put and removes what it removed. All methods lock this index, so a reader sees
 * a write's removal and its new object together. A write under way records, for each key it
 * touches, what the key held before ({@link #begin}, {@link #undo}), and what it changed ({@link
 * #touched}) for the journal.
 */
final class ObjectIndex {

  /** One stored object: its fabric8 key, its JSON, its kind (lower case) and its rank. */
  record Entry(AttributeSet key, String json, String kind, long rank) {}

  private static final String CLUSTER = "";

  private final Map<AttributeSet, Entry> entries = new HashMap<>();
  private final Map<String, Map<String, Map<String, List<AttributeSet>>>> byPlural =
      new HashMap<>();
  private final Map<String, Map<AttributeSet, Entry>> byKind = new HashMap<>();
  private long nextRank;
  // of the write under way: each key it touched and its entry before (null: absent)
  private Map<AttributeSet, Entry> before;

  /**
   * A LIST's answer of {@code items} as an API server writes it: compact, the list's metadata (the
   * store's newest {@code resourceVersion}) before the items, with fabric8's kind ({@code List}),
   * apiVersion and empty selfLink. fabric8's mock writes the items first; a client that keeps the
   * answers it decoded (the command side's {@code ListBodies}) knows an unchanged list by the bytes
   * after the moving resourceVersion.
   */
  static String listAnswer(List<String> items, String resourceVersion) {
    return "{\"apiVersion\":\"v1\",\"kind\":\"List\",\"metadata\":{\"resourceVersion\":\""
        + resourceVersion
        + "\",\"selfLink\":\"\"},\"items\":["
        + String.join(",", items)
        + "]}";
  }

  /** Files {@code json} under {@code key}; a key already there keeps its rank, as in the map. */
  private void put(AttributeSet key, String json, String kind) {
    var old = entries.get(key);
    record(key, old);
    if (old != null) {
      unfile(old);
    }
    file(new Entry(key, json, kind, old == null ? nextRank++ : old.rank()));
  }

  /**
   * In one step, removes {@code old} (when not null) and files {@code json} under {@code key} (when
   * not null): a reader sees the object before or after, never missing.
   */
  synchronized void replace(AttributeSet old, AttributeSet key, String json, String kind) {
    if (old != null) {
      remove(old);
    }
    if (key != null) {
      put(key, json, lower(kind));
    }
  }

  synchronized void remove(AttributeSet key) {
    var old = entries.get(key);
    record(key, old);
    if (old != null) {
      unfile(old);
    }
  }

  /** Empties the index, as fabric8's reset empties its map. */
  synchronized void clear() {
    for (var entry : List.copyOf(entries.values())) {
      remove(entry.key());
    }
  }

  synchronized Entry get(AttributeSet key) {
    return entries.get(key);
  }

  /**
   * The stored objects that match {@code query} (fabric8's test), in the map's order; null when the
   * query names no plural (the caller asks fabric8, which scans).
   */
  synchronized List<Entry> matching(AttributeSet query) {
    var plural = wanted(query, PLURAL);
    if (plural == null) {
      return null;
    }
    var namespaces = byPlural.getOrDefault(plural, Map.of());
    var namespace = wanted(query, NAMESPACE);
    var scopes =
        namespace == null
            ? namespaces.values()
            : List.of(namespaces.getOrDefault(namespace, Map.of()));
    var name = wanted(query, NAME);
    var found = new ArrayList<Entry>();
    for (var names : scopes) {
      var keys = name == null ? names.values() : List.of(names.getOrDefault(name, List.of()));
      for (var list : keys) {
        for (var key : list) {
          if (key.matches(query)) {
            found.add(entries.get(key));
          }
        }
      }
    }
    found.sort(Comparator.comparingLong(Entry::rank));
    return found;
  }

  /** The objects of {@code kind} (any case), in the map's order. */
  synchronized List<Entry> ofKind(String kind) {
    var found = new ArrayList<>(byKind.getOrDefault(lower(kind), Map.of()).values());
    found.sort(Comparator.comparingLong(Entry::rank));
    return found;
  }

  /** Every object, in the map's order. */
  synchronized List<Entry> all() {
    var found = new ArrayList<>(entries.values());
    found.sort(Comparator.comparingLong(Entry::rank));
    return found;
  }

  synchronized int size() {
    return entries.size();
  }

  /** Starts recording what a write touches. */
  synchronized void begin() {
    before = new LinkedHashMap<>();
  }

  /** The keys the write under way touched, each with its entry now (null: removed). */
  synchronized Map<AttributeSet, Entry> touched() {
    var now = new LinkedHashMap<AttributeSet, Entry>();
    for (var key : before.keySet()) {
      now.put(key, entries.get(key));
    }
    return now;
  }

  /**
   * Undoes the write under way: every key it touched holds again what it held before, rank
   * included. Returns the keys and their entries before, for fabric8's map.
   */
  synchronized Map<AttributeSet, Entry> undo() {
    var undone = before;
    before = null;
    for (var key : undone.keySet()) {
      var now = entries.get(key);
      if (now != null) {
        unfile(now);
      }
    }
    for (var entry : undone.values()) {
      if (entry != null) {
        file(entry);
      }
    }
    return undone;
  }

  private void record(AttributeSet key, Entry old) {
    if (before != null && !before.containsKey(key)) {
      before.put(key, old);
    }
  }

  private void file(Entry entry) {
    var key = entry.key();
    entries.put(key, entry);
    byKind.computeIfAbsent(entry.kind(), k -> new HashMap<>()).put(key, entry);
    var plural = value(key, PLURAL);
    if (plural == null) {
      return; // no read names it: fabric8's scans still find it
    }
    byPlural
        .computeIfAbsent(plural, p -> new HashMap<>())
        .computeIfAbsent(namespaceOf(key), n -> new HashMap<>())
        .computeIfAbsent(String.valueOf(value(key, NAME)), n -> new ArrayList<>(1))
        .add(key);
  }

  private void unfile(Entry entry) {
    var key = entry.key();
    entries.remove(key);
    var kinds = byKind.get(entry.kind());
    kinds.remove(key);
    if (kinds.isEmpty()) {
      byKind.remove(entry.kind());
    }
    var plural = value(key, PLURAL);
    if (plural == null) {
      return;
    }
    var namespaces = byPlural.get(plural);
    var names = namespaces.get(namespaceOf(key));
    var name = String.valueOf(value(key, NAME));
    var keys = names.get(name);
    keys.remove(key);
    if (keys.isEmpty()) {
      names.remove(name);
      if (names.isEmpty()) {
        namespaces.remove(namespaceOf(key));
        if (namespaces.isEmpty()) {
          byPlural.remove(plural);
        }
      }
    }
  }

  private static String namespaceOf(AttributeSet key) {
    var namespace = value(key, NAMESPACE);
    return namespace == null ? CLUSTER : namespace;
  }

  static String lower(String kind) {
    return kind == null ? "" : kind.toLowerCase(Locale.ROOT);
  }

  /** The value a query requires an attribute to have (not a selector's {@code !=}), or null. */
  private static String wanted(AttributeSet query, String name) {
    var attribute = query.getAttribute(name);
    return attribute == null || attribute.getType() != AttributeType.WITH
        ? null
        : value(query, name);
  }

  /** The single value of a key's attribute, or null. */
  private static String value(AttributeSet set, String name) {
    Attribute attribute = set.getAttribute(name);
    if (attribute == null || attribute.getValues().size() != 1) {
      return null;
    }
    return attribute.getValues().get(0).toString();
  }
}
