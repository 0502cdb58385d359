package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The field changes between a base (last-applied or live) and the desired object, all three
 * normalised, walked together from the root with last-applied alongside.
 *
 * <p>Maps are compared key by key. Lists with a merge key ({@link MergeKeys}) are compared item by
 * item when every item on both sides is a map with a distinct key value; other lists are one value.
 * Against live ({@link CompareBase#LIVE}) a field or item only the live object has is a deletion
 * when last-applied has it and is ignored otherwise (a default, a controller's sidecar), and a list
 * compared whole is equal when it has as many items as desired and each live item holds what the
 * desired one says (its extra fields judged the same way), so server defaults inside list items do
 * not make a change. Scalars are equal when equal after normalisation or, in quantity fields, when
 * the same quantity ({@link Quantities}).
 *
 * <p>{@code decidedBy}: {@code desired} when the desired value is new, {@code live} when desired
 * still says what last-applied said and the live object moved away from it, {@code last-applied}
 * for a deletion, {@code rebase:<rule>} when a rebase rule set or removed the field ({@link
 * RebasedPaths}). A field present on one side only is one change at its own path.
 */
final class FieldDiffer {

  static final String LIVE = "live";
  static final String LAST_APPLIED = "last-applied";

  private final MergeKeys keys;
  private final CompareBase base;
  private final RebasedPaths rebased;
  private final List<FieldChange> changes = new ArrayList<>();

  FieldDiffer(MergeKeys keys, CompareBase base, RebasedPaths rebased) {
    this.keys = keys;
    this.base = base;
    this.rebased = rebased;
  }

  /** The changes from {@code from} to {@code to}; {@code original} is last-applied or null. */
  List<FieldChange> between(JsonNode from, JsonNode to, JsonNode original) {
    walkObjects(FieldPath.root(), from, to, original);
    return List.copyOf(changes);
  }

  /** Whether two values at a path are the same under this diff's rules. */
  boolean same(FieldPath path, JsonNode from, JsonNode to, JsonNode original) {
    return same(base, path, from, to, original);
  }

  private boolean same(
      CompareBase against, FieldPath path, JsonNode from, JsonNode to, JsonNode original) {
    var probe = new FieldDiffer(keys, against, RebasedPaths.none());
    probe.walk(path, from, to, original);
    return probe.changes.isEmpty();
  }

  private void walk(FieldPath path, JsonNode from, JsonNode to, JsonNode original) {
    if (to == null) {
      if (from != null && (base == CompareBase.LAST_APPLIED || original != null)) {
        add(path, from, null, LAST_APPLIED);
      }
    } else if (from == null) {
      add(path, null, to, reason(path, to, original));
    } else if (from.isObject() && to.isObject()) {
      walkObjects(path, from, to, original);
    } else if (from.isArray() && to.isArray()) {
      walkLists(path, from, to, original);
    } else if (!sameScalar(path, from, to)) {
      add(path, from, to, reason(path, to, original));
    }
  }

  private void walkObjects(FieldPath path, JsonNode from, JsonNode to, JsonNode original) {
    to.fieldNames()
        .forEachRemaining(
            name -> walk(path.key(name), from.get(name), to.get(name), child(original, name)));
    from.fieldNames()
        .forEachRemaining(
            name -> {
              if (!to.has(name)) {
                walk(path.key(name), from.get(name), null, child(original, name));
              }
            });
  }

  private void walkLists(FieldPath path, JsonNode from, JsonNode to, JsonNode original) {
    Optional<String> key = keys.of(path.fields());
    Optional<Map<JsonNode, JsonNode>> fromItems = key.flatMap(k -> itemsByKey(from, k));
    Optional<Map<JsonNode, JsonNode>> toItems = key.flatMap(k -> itemsByKey(to, k));
    if (fromItems.isEmpty() || toItems.isEmpty()) {
      if (!sameList(path, from, to, original)) {
        add(path, from, to, reason(path, to, original));
      }
      return;
    }
    var originalItems =
        original != null && original.isArray()
            ? itemsByKey(original, key.get()).orElse(Map.of())
            : Map.<JsonNode, JsonNode>of();
    String name = key.get();
    toItems
        .get()
        .forEach(
            (value, item) ->
                walk(
                    path.item(name, value),
                    fromItems.get().get(value),
                    item,
                    originalItems.get(value)));
    fromItems
        .get()
        .forEach(
            (value, item) -> {
              if (!toItems.get().containsKey(value)) {
                walk(path.item(name, value), item, null, originalItems.get(value));
              }
            });
  }

  private boolean sameList(FieldPath path, JsonNode from, JsonNode to, JsonNode original) {
    if (from.equals(to)) {
      return true;
    }
    if (base != CompareBase.LIVE || from.size() != to.size()) {
      return false;
    }
    var probe = new FieldDiffer(keys, base, RebasedPaths.none());
    for (int i = 0; i < to.size(); i++) {
      JsonNode originalItem = original != null && original.isArray() ? original.get(i) : null;
      probe.walk(path.index(i), from.get(i), to.get(i), originalItem);
    }
    return probe.changes.isEmpty();
  }

  private static boolean sameScalar(FieldPath path, JsonNode from, JsonNode to) {
    return from.equals(to)
        || (Quantities.isQuantityField(path.fields()) && Quantities.sameQuantity(from, to));
  }

  private String reason(FieldPath path, JsonNode to, JsonNode original) {
    if (base == CompareBase.LIVE
        && original != null
        && same(CompareBase.LAST_APPLIED, path, original, to, null)) {
      return LIVE;
    }
    return FieldChange.DESIRED;
  }

  private void add(FieldPath path, JsonNode from, JsonNode to, String decidedBy) {
    String rendered = path.render();
    String rule = rebased.ruleFor(rendered);
    changes.add(new FieldChange(rendered, from, to, rule != null ? "rebase:" + rule : decidedBy));
  }

  private static JsonNode child(JsonNode node, String name) {
    return node == null ? null : node.get(name);
  }

  /** The items by their key value, or empty when an item has no usable or no distinct key. */
  static Optional<Map<JsonNode, JsonNode>> itemsByKey(JsonNode list, String key) {
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
