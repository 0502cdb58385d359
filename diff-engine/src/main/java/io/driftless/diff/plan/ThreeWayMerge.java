package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;

/**
 * The object to send for an update: the live object with the desired fields set and the fields
 * last-applied had but desired dropped removed, as kubectl's three-way merge does; everything else
 * of the live object (defaults, controller fields, status, server metadata such as resourceVersion)
 * stays, so a PUT keeps it.
 *
 * <p>Keyed lists ({@link MergeKeys}) merge item by item: desired items in desired order, then the
 * live-only items last-applied does not have, in live order. A value compared whole (scalar or list
 * without merge key) keeps its live form when {@link FieldDiffer} finds it the same (a quantity
 * written differently, a list whose items only gained server defaults), else takes the desired
 * value. Desired {@code status} is never sent. A union member the desired discriminator no longer
 * allows is dropped ({@link UnionFields}). Works on the raw trees: Secret values stay in clear.
 */
final class ThreeWayMerge {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final MergeKeys keys;
  private final FieldDiffer equality;

  ThreeWayMerge(MergeKeys keys) {
    this.keys = keys;
    this.equality = new FieldDiffer(keys, CompareBase.LIVE, RebasedPaths.none());
  }

  /** The merged object; no argument is changed. {@code original} may be null. */
  ObjectNode merge(ObjectNode live, ObjectNode wanted, ObjectNode original) {
    ObjectNode desired = wanted.deepCopy();
    desired.remove("status");
    ObjectNode before = original == null ? null : original.deepCopy();
    if (before != null) {
      before.remove("status");
    }
    var merged = (ObjectNode) mergeObjects(FieldPath.root(), live, desired, before);
    UnionFields.clear(merged, desired);
    return merged;
  }

  private JsonNode merge(FieldPath path, JsonNode live, JsonNode wanted, JsonNode original) {
    if (live == null || live.isNull()) {
      return wanted.deepCopy();
    }
    if (live.isObject() && wanted.isObject()) {
      return mergeObjects(path, live, wanted, original);
    }
    if (live.isArray() && wanted.isArray()) {
      Optional<String> key = keys.of(path.fields());
      var liveItems = key.flatMap(k -> FieldDiffer.itemsByKey(live, k));
      var wantedItems = key.flatMap(k -> FieldDiffer.itemsByKey(wanted, k));
      if (liveItems.isPresent() && wantedItems.isPresent()) {
        return mergeItems(path, key.get(), liveItems.get(), wantedItems.get(), original);
      }
    }
    return keepsLiveForm(path, live, wanted, original) ? live.deepCopy() : wanted.deepCopy();
  }

  private JsonNode mergeObjects(FieldPath path, JsonNode live, JsonNode wanted, JsonNode original) {
    ObjectNode result = NODES.objectNode();
    live.properties()
        .forEach(
            entry -> {
              String name = entry.getKey();
              JsonNode want = wanted.get(name);
              JsonNode originalChild = original == null ? null : original.get(name);
              if (want != null && !want.isNull()) {
                result.set(name, merge(path.key(name), entry.getValue(), want, originalChild));
              } else if (Normalizer.clean(originalChild) == null) {
                result.set(name, entry.getValue().deepCopy());
              }
            });
    wanted
        .properties()
        .forEach(
            entry -> {
              if (!live.has(name(entry)) && !entry.getValue().isNull()) {
                result.set(entry.getKey(), entry.getValue().deepCopy());
              }
            });
    return result;
  }

  private JsonNode mergeItems(
      FieldPath path,
      String key,
      Map<JsonNode, JsonNode> live,
      Map<JsonNode, JsonNode> wanted,
      JsonNode original) {
    Map<JsonNode, JsonNode> originalItems =
        original != null && original.isArray()
            ? FieldDiffer.itemsByKey(original, key).orElse(Map.of())
            : Map.of();
    ArrayNode result = NODES.arrayNode();
    wanted.forEach(
        (value, item) ->
            result.add(
                merge(path.item(key, value), live.get(value), item, originalItems.get(value))));
    live.forEach(
        (value, item) -> {
          if (!wanted.containsKey(value) && !originalItems.containsKey(value)) {
            result.add(item.deepCopy());
          }
        });
    return result;
  }

  private boolean keepsLiveForm(FieldPath path, JsonNode live, JsonNode wanted, JsonNode original) {
    JsonNode cleanLive = Normalizer.clean(live);
    JsonNode cleanWanted = Normalizer.clean(wanted);
    if (cleanLive == null || cleanWanted == null) {
      return cleanLive == null && cleanWanted == null;
    }
    return equality.same(path, cleanLive, cleanWanted, Normalizer.clean(original));
  }

  private static String name(Map.Entry<String, JsonNode> entry) {
    return entry.getKey();
  }
}
