package io.driftless.sandbox.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The merge of server-side apply (structured-merge-diff's {@code merge}): an applied configuration
 * merged into the live object, maps key by key, keyed lists ({@link PatchSchema}) item by item in
 * structured-merge-diff's order (live-only items stay where they were, the applied items in their
 * order), set lists as a union, atomic lists and structs replaced. No directives, no {@code null}
 * deletes: a field the configuration no longer names is removed by the caller (pruning, which needs
 * the managers).
 */
public final class ApplyMerge {

  private final String kind;

  private ApplyMerge(String kind) {
    this.kind = kind;
  }

  /** {@code live} (not changed) with {@code config} merged in. */
  public static ObjectNode apply(String kind, ObjectNode live, ObjectNode config) {
    return (ObjectNode) new ApplyMerge(kind).merge(live.deepCopy(), config, List.of());
  }

  private JsonNode merge(JsonNode live, JsonNode config, List<String> path) {
    var rule = path.isEmpty() ? null : PatchSchema.rule(kind, path);
    if (live == null || live.isNull() || config.isNull()) {
      return config.deepCopy();
    }
    if (live.isObject() && config.isObject()) {
      if (rule != null && rule.shape() == PatchSchema.Shape.ATOMIC_MAP) {
        return config.deepCopy();
      }
      var result = (ObjectNode) live;
      config
          .fields()
          .forEachRemaining(
              field -> {
                var next = new ArrayList<>(path);
                next.add(field.getKey());
                result.set(
                    field.getKey(), merge(result.get(field.getKey()), field.getValue(), next));
              });
      return result;
    }
    if (live.isArray() && config.isArray() && rule != null) {
      if (rule.shape() == PatchSchema.Shape.MAP_LIST) {
        return mergeKeyed((ArrayNode) live, (ArrayNode) config, rule.listKeys(), path);
      }
      if (rule.shape() == PatchSchema.Shape.SET_LIST) {
        var union = live.deepCopy();
        var seen = new HashSet<JsonNode>();
        live.forEach(seen::add);
        config.forEach(
            value -> {
              if (seen.add(value)) {
                ((ArrayNode) union).add(value);
              }
            });
        return union;
      }
    }
    return config.deepCopy();
  }

  private ArrayNode mergeKeyed(
      ArrayNode live, ArrayNode config, List<String> keys, List<String> path) {
    var lhs = keyed(live, keys);
    var rhs = keyed(config, keys);
    var shared = new ArrayList<String>();
    rhs.keySet().stream().filter(lhs::containsKey).forEach(shared::add);
    var lhsKeys = new ArrayList<>(lhs.keySet());
    var rhsKeys = new ArrayList<>(rhs.keySet());
    var merged = new HashSet<String>();
    var result = Nodes.newArray();
    int i = 0;
    int j = 0;
    int next = 0;
    while (i < lhsKeys.size() || j < rhsKeys.size()) {
      if (i < lhsKeys.size() && j < rhsKeys.size()) {
        var key = lhsKeys.get(i);
        if (key.equals(rhsKeys.get(j))) {
          result.add(merge(lhs.get(key), rhs.get(key), path));
          merged.add(key);
          i++;
          j++;
          next = advance(shared, next, key);
          continue;
        }
        if (rhs.containsKey(key) && next < shared.size() && !shared.get(next).equals(key)) {
          i++;
          continue;
        }
      }
      if (i < lhsKeys.size()) {
        var key = lhsKeys.get(i);
        if (!rhs.containsKey(key)) {
          result.add(lhs.get(key));
          i++;
          continue;
        } else if (merged.contains(key)) {
          i++;
          continue;
        }
      }
      if (j < rhsKeys.size()) {
        var key = rhsKeys.get(j);
        result.add(merge(lhs.get(key), rhs.get(key), path));
        merged.add(key);
        j++;
        next = advance(shared, next, key);
      }
    }
    return result;
  }

  private static int advance(List<String> shared, int next, String key) {
    return next < shared.size() && shared.get(next).equals(key) ? next + 1 : next;
  }

  /** The items of a keyed list by their key ({@code k:{...}} as managedFields writes it). */
  public static Map<String, JsonNode> keyed(JsonNode list, List<String> keys) {
    var items = new LinkedHashMap<String, JsonNode>();
    if (list == null || !list.isArray()) {
      return items;
    }
    for (var item : list) {
      items.put(key(item, keys), item);
    }
    return items;
  }

  /**
   * {@code k:{"containerPort":80,"protocol":"TCP"}}: the key fields in name order, a missing one at
   * its schema default (an applied port without a protocol is the TCP port).
   */
  public static String key(JsonNode item, List<String> keys) {
    var fields = new TreeMap<String, JsonNode>();
    for (var name : keys) {
      if (item.has(name)) {
        fields.put(name, item.get(name));
      } else if (PatchSchema.keyDefault(name) != null) {
        fields.put(name, PatchSchema.keyDefault(name));
      }
    }
    var json = Nodes.newObject();
    fields.forEach(json::set);
    return "k:" + json;
  }
}
