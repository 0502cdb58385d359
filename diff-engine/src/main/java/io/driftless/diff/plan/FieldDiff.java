package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The field changes between two normalised objects, walked together from the root.
 *
 * <p>Maps are compared key by key (keys of the new side in its order, then removed keys). Lists
 * with a merge key ({@link MergeKeys}) are compared item by item when every item on both sides is a
 * map with a distinct key value; otherwise, and for all other lists, a list is one value. A field
 * present on one side only is one change at its own path, however large its value.
 */
final class FieldDiff {

  private final String kind;
  private final String decidedBy;
  private final List<FieldChange> changes = new ArrayList<>();

  private FieldDiff(String kind, String decidedBy) {
    this.kind = kind;
    this.decidedBy = decidedBy;
  }

  /** The changes that turn {@code from} into {@code to}, each decided by {@code decidedBy}. */
  static List<FieldChange> between(String kind, JsonNode from, JsonNode to, String decidedBy) {
    var diff = new FieldDiff(kind, decidedBy);
    diff.walkObjects(FieldPath.root(), from, to);
    return List.copyOf(diff.changes);
  }

  private void walk(FieldPath path, JsonNode from, JsonNode to) {
    if (from == null || to == null) {
      changes.add(new FieldChange(path.render(), from, to, decidedBy));
    } else if (from.isObject() && to.isObject()) {
      walkObjects(path, from, to);
    } else if (from.isArray() && to.isArray()) {
      walkLists(path, from, to);
    } else if (!from.equals(to)) {
      changes.add(new FieldChange(path.render(), from, to, decidedBy));
    }
  }

  private void walkObjects(FieldPath path, JsonNode from, JsonNode to) {
    to.fieldNames().forEachRemaining(name -> walk(path.key(name), from.get(name), to.get(name)));
    from.fieldNames()
        .forEachRemaining(
            name -> {
              if (!to.has(name)) {
                walk(path.key(name), from.get(name), null);
              }
            });
  }

  private void walkLists(FieldPath path, JsonNode from, JsonNode to) {
    Optional<String> key = MergeKeys.of(kind, path.fields());
    Optional<Map<JsonNode, JsonNode>> fromItems = key.flatMap(k -> itemsByKey(from, k));
    Optional<Map<JsonNode, JsonNode>> toItems = key.flatMap(k -> itemsByKey(to, k));
    if (fromItems.isEmpty() || toItems.isEmpty()) {
      if (!from.equals(to)) {
        changes.add(new FieldChange(path.render(), from, to, decidedBy));
      }
      return;
    }
    walkItems(path, key.get(), fromItems.get(), toItems.get());
  }

  private void walkItems(
      FieldPath path, String key, Map<JsonNode, JsonNode> from, Map<JsonNode, JsonNode> to) {
    to.forEach((value, item) -> walk(path.item(key, value), from.get(value), item));
    from.forEach(
        (value, item) -> {
          if (!to.containsKey(value)) {
            walk(path.item(key, value), item, null);
          }
        });
  }

  /** The items by their key value, or empty when an item has no usable or no distinct key. */
  private static Optional<Map<JsonNode, JsonNode>> itemsByKey(JsonNode list, String key) {
    var items = new LinkedHashMap<JsonNode, JsonNode>();
    for (JsonNode item : list) {
      JsonNode value = item.isObject() ? item.get(key) : null;
      if (value == null || !value.isValueNode() || items.put(value, item) != null) {
        return Optional.empty();
      }
    }
    return Optional.of(items);
  }
}
