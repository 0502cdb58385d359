package io.driftless.sandbox.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Strategic merge patch as the API server applies it ({@code StrategicMergeMapPatch} of {@code
 * k8s.io/apimachinery/pkg/util/strategicpatch}, with {@code MergeParallelList} and {@code
 * IgnoreUnmatchedNulls}): maps merge key by key, {@code null} deletes; a list tagged {@code
 * patchStrategy=merge} ({@link PatchSchema}) merges by its merge key (items of the patch replace
 * the stored item's fields, new items are placed as the API server places them), a list of scalars
 * as a set; every other list is replaced. Directives: {@code $patch: replace|delete|merge} in a map
 * or a list item, {@code $retainKeys}, {@code $setElementOrder/<list>} and {@code
 * $deleteFromPrimitiveList/<list>}.
 *
 * <p>Limits: a directive's malformed value is refused as a bad request (the API server's message
 * differs); values a patch adds where nothing was stored lose their directives, as decoding into
 * the Go type drops them.
 */
public final class StrategicMergePatch {

  static final String DIRECTIVE = "$patch";
  static final String RETAIN_KEYS = "$retainKeys";
  static final String ORDER = "$setElementOrder/";
  static final String DELETE_FROM = "$deleteFromPrimitiveList/";

  private final String kind;

  private StrategicMergePatch(String kind) {
    this.kind = kind;
  }

  /** {@code original} (not changed) patched by {@code patch}, for an object of {@code kind}. */
  public static ObjectNode apply(String kind, ObjectNode original, ObjectNode patch) {
    return new StrategicMergePatch(kind).mergeMap(original.deepCopy(), patch.deepCopy(), List.of());
  }

  private ObjectNode mergeMap(ObjectNode original, ObjectNode patch, List<String> path) {
    var directive = patch.get(DIRECTIVE);
    if (directive != null) {
      switch (directive.asText()) {
        case "replace" -> {
          patch.remove(DIRECTIVE);
          return (ObjectNode) strip(patch);
        }
        case "delete" -> {
          return Nodes.newObject();
        }
        case "merge" -> patch.remove(DIRECTIVE);
        default ->
            throw new PatchException("unknown patch type: " + directive + " in map: " + patch);
      }
    }
    retainKeys(original, patch);
    setElementOrders(original, patch, path);
    var names = new ArrayList<String>();
    patch.fieldNames().forEachRemaining(names::add);
    for (var key : names) {
      var value = patch.get(key);
      if (key.startsWith(DELETE_FROM)) {
        var field = key.substring(DELETE_FROM.length());
        if (original.get(field) instanceof ArrayNode list && value instanceof ArrayNode remove) {
          original.set(field, without(list, remove));
        }
        continue;
      }
      mergeField(original, key, value, child(path, key));
    }
    return original;
  }

  private void mergeField(ObjectNode original, String key, JsonNode value, List<String> path) {
    var stored = original.get(key);
    if (value.isNull()) {
      original.remove(key);
    } else if (stored == null || stored.isNull()) {
      if (value.isObject() && "delete".equals(value.path(DIRECTIVE).asText(null))) {
        return;
      }
      original.set(key, added(value, path));
    } else if (stored.isObject() && value.isObject()) {
      var merged = mergeMap((ObjectNode) stored, (ObjectNode) value, path);
      if (value.path(DIRECTIVE).asText("").equals("delete")) {
        original.remove(key);
      } else {
        original.set(key, merged);
      }
    } else if (stored.isArray() && value.isArray()) {
      original.set(key, mergeList((ArrayNode) stored, (ArrayNode) value, path));
    } else {
      original.set(key, strip(value));
    }
  }

  /** A value the object did not have: merged into nothing, so that its directives apply. */
  private JsonNode added(JsonNode value, List<String> path) {
    if (value.isObject()) {
      return mergeMap(Nodes.newObject(), (ObjectNode) value, path);
    }
    if (value.isArray()) {
      return mergeList(Nodes.newArray(), (ArrayNode) value, path);
    }
    return value;
  }

  private ArrayNode mergeList(ArrayNode original, ArrayNode patch, List<String> path) {
    var rule = PatchSchema.rule(kind, path);
    var merges = rule != null && rule.merges() && rule.shape() != PatchSchema.Shape.ATOMIC_MAP;
    if (!merges) {
      return replaceList(patch, path);
    }
    if (original.isEmpty() && patch.isEmpty()) {
      return original;
    }
    if (rule.mergeKey() == null || !hasMaps(original, patch)) {
      return mergeScalars(original, patch);
    }
    return mergeMaps(original, patch, rule.mergeKey(), path);
  }

  /** An atomic list: the patch's, a {@code $patch: replace} item dropped. */
  private ArrayNode replaceList(ArrayNode patch, List<String> path) {
    var list = Nodes.newArray();
    for (var item : patch) {
      if (item.isObject() && item.has(DIRECTIVE)) {
        continue;
      }
      list.add(item.isObject() ? mergeMap(Nodes.newObject(), (ObjectNode) item, path) : item);
    }
    return list;
  }

  private static ArrayNode mergeScalars(ArrayNode original, ArrayNode patch) {
    for (var item : patch) {
      if (item.isObject() && "replace".equals(item.path(DIRECTIVE).asText(null))) {
        var replaced = Nodes.newArray();
        patch.forEach(
            v -> {
              if (!v.isObject()) {
                replaced.add(v);
              }
            });
        return replaced;
      }
    }
    var merged = Nodes.newArray();
    var seen = new HashSet<JsonNode>();
    for (var list : List.of(original, patch)) {
      for (var item : list) {
        if (seen.add(item)) {
          merged.add(item);
        }
      }
    }
    return ordered(merged, patch, original, null);
  }

  private ArrayNode mergeMaps(
      ArrayNode original, ArrayNode patch, String mergeKey, List<String> path) {
    var items = new ArrayList<JsonNode>();
    original.forEach(items::add);
    var plain = Nodes.newArray();
    var replace = false;
    for (var item : patch) {
      var directive = item.path(DIRECTIVE).asText(null);
      if (directive == null) {
        plain.add(item);
      } else if (directive.equals("delete")) {
        if (!item.has(mergeKey)) {
          throw new PatchException(
              "map: " + item + " does not contain declared merge key: " + mergeKey);
        }
        items.removeIf(stored -> item.get(mergeKey).equals(stored.get(mergeKey)));
      } else if (directive.equals("replace")) {
        replace = true;
      } else {
        throw new PatchException("unknown patch type: " + directive + " in list item: " + item);
      }
    }
    if (replace) {
      return replaceList(plain, path);
    }
    for (var item : plain) {
      var value = item.get(mergeKey);
      if (value == null) {
        throw new PatchException(
            "map: " + item + " does not contain declared merge key: " + mergeKey);
      }
      var index = indexOf(items, value, mergeKey);
      if (index >= 0) {
        items.set(index, mergeMap((ObjectNode) items.get(index), (ObjectNode) item, path));
      } else {
        items.add(mergeMap(Nodes.newObject(), (ObjectNode) item, path));
      }
    }
    var merged = Nodes.newArray();
    items.forEach(merged::add);
    return ordered(merged, plain, original, mergeKey);
  }

  /**
   * The API server's order ({@code normalizeElementOrder}): the items named by {@code order} (the
   * patch's list or {@code $setElementOrder}) in that order, the stored-only items in their stored
   * order, interleaved where both were stored.
   */
  private static ArrayNode ordered(
      ArrayNode merged, ArrayNode order, ArrayNode stored, String mergeKey) {
    var patchItems = new ArrayList<JsonNode>();
    var serverOnly = new ArrayList<JsonNode>();
    for (var item : merged) {
      (position(order, item, mergeKey) >= 0 ? patchItems : serverOnly).add(item);
    }
    patchItems.sort(Comparator.comparingInt(item -> position(order, item, mergeKey)));
    serverOnly.sort(Comparator.comparingInt(item -> position(stored, item, mergeKey)));
    var result = Nodes.newArray();
    int i = 0;
    int j = 0;
    while (i < serverOnly.size() || j < patchItems.size()) {
      if (j >= patchItems.size()) {
        result.add(serverOnly.get(i++));
      } else if (i >= serverOnly.size()) {
        result.add(patchItems.get(j++));
      } else {
        var left = position(stored, serverOnly.get(i), mergeKey);
        var right = position(stored, patchItems.get(j), mergeKey);
        if (left >= 0 && right >= 0 && left < right) {
          result.add(serverOnly.get(i++));
        } else {
          result.add(patchItems.get(j++));
        }
      }
    }
    return result;
  }

  private static int position(ArrayNode list, JsonNode item, String mergeKey) {
    return IntStream.range(0, list.size())
        .filter(
            i ->
                mergeKey == null
                    ? list.get(i).equals(item)
                    : list.get(i).has(mergeKey)
                        && list.get(i).get(mergeKey).equals(item.get(mergeKey)))
        .findFirst()
        .orElse(-1);
  }

  private static int indexOf(List<JsonNode> items, JsonNode value, String mergeKey) {
    for (int i = 0; i < items.size(); i++) {
      if (value.equals(items.get(i).get(mergeKey))) {
        return i;
      }
    }
    return -1;
  }

  /** {@code $retainKeys}: the stored keys it does not name are cleared before the merge. */
  private static void retainKeys(ObjectNode original, ObjectNode patch) {
    var retain = patch.remove(RETAIN_KEYS);
    if (retain == null) {
      return;
    }
    if (!retain.isArray()) {
      throw new PatchException("invalid patch format: $retainKeys must be a list of strings");
    }
    var keep = new HashSet<String>();
    retain.forEach(key -> keep.add(key.asText()));
    patch
        .fieldNames()
        .forEachRemaining(
            key -> {
              if (!patch.get(key).isNull()
                  && !key.startsWith(DELETE_FROM)
                  && !key.startsWith(ORDER)
                  && !keep.contains(key)) {
                throw new PatchException(
                    "invalid patch format: " + key + " is not in the $retainKeys list " + retain);
              }
            });
    var names = new ArrayList<String>();
    original.fieldNames().forEachRemaining(names::add);
    names.stream().filter(name -> !keep.contains(name)).forEach(original::remove);
  }

  /** {@code $setElementOrder/<list>}: the list merged, then ordered as the directive says. */
  private void setElementOrders(ObjectNode original, ObjectNode patch, List<String> path) {
    var names = new ArrayList<String>();
    patch.fieldNames().forEachRemaining(names::add);
    for (var key : names) {
      if (!key.startsWith(ORDER)) {
        continue;
      }
      var order = patch.remove(key);
      var field = key.substring(ORDER.length());
      if (!(order instanceof ArrayNode orderList)) {
        throw new PatchException("invalid patch format: " + key + " must be a list");
      }
      var stored = original.get(field) instanceof ArrayNode list ? list : null;
      var patched = patch.remove(field);
      if (stored == null && patched == null) {
        continue;
      }
      var listPath = child(path, field);
      ArrayNode merged;
      if (patched == null) {
        merged = stored;
      } else if (stored == null) {
        merged = (ArrayNode) added(patched, listPath);
      } else {
        merged = mergeList(stored, (ArrayNode) patched, listPath);
      }
      var rule = PatchSchema.rule(kind, listPath);
      var mergeKey = rule == null ? null : rule.mergeKey();
      original.set(
          field, ordered(merged, orderList, stored == null ? Nodes.newArray() : stored, mergeKey));
    }
  }

  private static boolean hasMaps(ArrayNode original, ArrayNode patch) {
    for (var list : List.of(original, patch)) {
      for (var item : list) {
        if (item.isObject() && !(item.size() == 1 && item.has(DIRECTIVE))) {
          return true;
        }
      }
    }
    return false;
  }

  private static ArrayNode without(ArrayNode list, ArrayNode remove) {
    var kept = Nodes.newArray();
    var drop = new HashSet<JsonNode>();
    remove.forEach(drop::add);
    list.forEach(
        item -> {
          if (!drop.contains(item)) {
            kept.add(item);
          }
        });
    return kept;
  }

  /** A value without directive keys, as the API server stores it once decoded. */
  private static JsonNode strip(JsonNode value) {
    if (value instanceof ObjectNode object) {
      var names = new ArrayList<String>();
      object.fieldNames().forEachRemaining(names::add);
      for (var name : names) {
        if (name.startsWith("$")) {
          object.remove(name);
        } else {
          object.set(name, strip(object.get(name)));
        }
      }
    } else if (value instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        array.set(i, strip(array.get(i)));
      }
    }
    return value;
  }

  private static List<String> child(List<String> path, String key) {
    var next = new ArrayList<>(path);
    next.add(key);
    return List.copyOf(next);
  }
}
