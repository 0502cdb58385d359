package io.driftless.sandbox.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.patch.ApplyMerge;
import io.driftless.sandbox.patch.PatchSchema;
import io.driftless.sandbox.patch.PatchSchema.Shape;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Field sets in the API server's {@code FieldsV1} form (structured-merge-diff's {@code
 * fieldpath.Set}): a path is a list of elements, {@code f:<field>}, {@code k:{<list keys>}} for an
 * item of a keyed list, {@code v:<value>} for an item of a set; {@code .} marks a map or item that
 * is itself a member. {@link #compare} is structured-merge-diff's {@code Compare} of two objects:
 * the leaves and containers added, modified and removed, with lists keyed as {@link PatchSchema}
 * says (untagged lists and {@code atomic} structs are leaves, as are empty maps and lists).
 */
final class FieldSets {

  /** The paths added, modified and removed between two objects. */
  record Comparison(
      Set<List<String>> added, Set<List<String>> modified, Set<List<String>> removed) {}

  private FieldSets() {}

  static Comparison compare(String kind, JsonNode lhs, JsonNode rhs) {
    var result =
        new Comparison(new LinkedHashSet<>(), new LinkedHashSet<>(), new LinkedHashSet<>());
    walk(kind, lhs, rhs, List.of(), List.of(), result);
    return result;
  }

  private static void walk(
      String kind,
      JsonNode lhs,
      JsonNode rhs,
      List<String> path,
      List<String> fields,
      Comparison result) {
    var rule = fields.isEmpty() ? null : PatchSchema.rule(kind, fields);
    var container = isContainer(lhs) || isContainer(rhs);
    if (!container || (rule != null && rule.shape() == Shape.ATOMIC_MAP) || bothEmpty(lhs, rhs)) {
      leaf(lhs, rhs, path, result);
      return;
    }
    if (isObject(lhs) || isObject(rhs)) {
      var names = new LinkedHashSet<String>();
      if (isObject(lhs)) {
        lhs.fieldNames().forEachRemaining(names::add);
      }
      if (isObject(rhs)) {
        rhs.fieldNames().forEachRemaining(names::add);
      }
      for (var name : names) {
        walk(
            kind,
            lhs == null ? null : lhs.get(name),
            rhs == null ? null : rhs.get(name),
            append(path, "f:" + name),
            append(fields, name),
            result);
      }
    } else if (rule != null && rule.shape() == Shape.MAP_LIST) {
      var left = keyed(lhs, rule.listKeys());
      var right = keyed(rhs, rule.listKeys());
      var keys = new LinkedHashSet<>(left.keySet());
      keys.addAll(right.keySet());
      for (var key : keys) {
        walk(kind, left.get(key), right.get(key), append(path, key), fields, result);
      }
    } else if (rule != null && rule.shape() == Shape.SET_LIST) {
      var values = new LinkedHashMap<String, JsonNode[]>();
      for (int side = 0; side < 2; side++) {
        var list = side == 0 ? lhs : rhs;
        if (list != null && list.isArray()) {
          for (var value : list) {
            values.computeIfAbsent("v:" + value, v -> new JsonNode[2])[side] = value;
          }
        }
      }
      values.forEach((key, pair) -> leaf(pair[0], pair[1], append(path, key), result));
    } else {
      leaf(lhs, rhs, path, result);
      return;
    }
    if (!path.isEmpty() && lhs == null) {
      result.added().add(path);
    } else if (!path.isEmpty() && rhs == null) {
      result.removed().add(path);
    }
  }

  private static void leaf(JsonNode lhs, JsonNode rhs, List<String> path, Comparison result) {
    if (lhs == null && rhs != null) {
      result.added().add(path);
    } else if (lhs != null && rhs == null) {
      result.removed().add(path);
    } else if (lhs != null && !Nodes.same(lhs, rhs)) {
      result.modified().add(path);
    }
  }

  private static Map<String, JsonNode> keyed(JsonNode list, List<String> keys) {
    return ApplyMerge.keyed(list, keys);
  }

  private static boolean isContainer(JsonNode node) {
    return node != null && (node.isObject() || node.isArray());
  }

  private static boolean isObject(JsonNode node) {
    return node != null && node.isObject();
  }

  private static boolean bothEmpty(JsonNode lhs, JsonNode rhs) {
    return empty(lhs) && empty(rhs);
  }

  private static boolean empty(JsonNode node) {
    return node == null || node.isNull() || (isContainer(node) && node.isEmpty());
  }

  static List<String> append(List<String> path, String element) {
    var next = new ArrayList<>(path);
    next.add(element);
    return List.copyOf(next);
  }

  /**
   * The fields an applied configuration names (structured-merge-diff's {@code ToFieldSet}): its
   * leaves, empty maps, atomic structs and lists, and the items of keyed and set lists; maps are
   * not members themselves.
   */
  static Set<List<String>> applied(String kind, JsonNode config) {
    var paths = new LinkedHashSet<List<String>>();
    collect(kind, config, List.of(), List.of(), paths);
    paths.removeIf(path -> path.get(0).equals("f:apiVersion") || path.get(0).equals("f:kind"));
    return paths;
  }

  private static void collect(
      String kind, JsonNode node, List<String> path, List<String> fields, Set<List<String>> paths) {
    var rule = fields.isEmpty() ? null : PatchSchema.rule(kind, fields);
    if (node.isObject() && !node.isEmpty() && (rule == null || rule.shape() != Shape.ATOMIC_MAP)) {
      node.fields()
          .forEachRemaining(
              f ->
                  collect(
                      kind,
                      f.getValue(),
                      append(path, "f:" + f.getKey()),
                      append(fields, f.getKey()),
                      paths));
    } else if (node.isArray()
        && !node.isEmpty()
        && rule != null
        && rule.shape() == Shape.MAP_LIST) {
      keyed(node, rule.listKeys())
          .forEach(
              (key, item) -> {
                var itemPath = append(path, key);
                paths.add(itemPath);
                collect(kind, item, itemPath, fields, paths);
              });
    } else if (node.isArray()
        && !node.isEmpty()
        && rule != null
        && rule.shape() == Shape.SET_LIST) {
      node.forEach(value -> paths.add(append(path, "v:" + value)));
    } else if (!path.isEmpty()) {
      paths.add(path);
    }
  }

  /** Removes the field, item or value at {@code path} from {@code object}, if there. */
  static void remove(String kind, JsonNode object, List<String> path) {
    var node = object;
    var fields = new ArrayList<String>();
    for (int i = 0; i < path.size() && node != null; i++) {
      var element = path.get(i);
      var last = i == path.size() - 1;
      if (element.startsWith("f:")) {
        var name = element.substring(2);
        fields.add(name);
        if (last && node instanceof ObjectNode map) {
          map.remove(name);
        }
        node = node.get(name);
      } else if (node instanceof com.fasterxml.jackson.databind.node.ArrayNode list) {
        var rule = PatchSchema.rule(kind, fields);
        JsonNode found = null;
        for (int index = 0; index < list.size(); index++) {
          var item = list.get(index);
          var key =
              element.startsWith("k:") && rule != null
                  ? ApplyMerge.key(item, rule.listKeys())
                  : "v:" + item;
          if (key.equals(element)) {
            found = item;
            if (last) {
              list.remove(index);
            }
            break;
          }
        }
        node = found;
      } else {
        return;
      }
    }
  }

  /** The paths of a {@code fieldsV1} tree. */
  static Set<List<String>> decode(JsonNode fields) {
    var paths = new LinkedHashSet<List<String>>();
    decode(fields, List.of(), paths);
    return paths;
  }

  private static void decode(JsonNode node, List<String> path, Set<List<String>> paths) {
    if (node == null || !node.isObject()) {
      return;
    }
    if (!path.isEmpty() && (node.isEmpty() || node.has("."))) {
      paths.add(path);
    }
    node.fields()
        .forEachRemaining(
            child -> {
              if (!child.getKey().equals(".")) {
                decode(child.getValue(), append(path, child.getKey()), paths);
              }
            });
  }

  /** The {@code fieldsV1} tree of {@code paths}, keys in the API server's order. */
  static ObjectNode encode(Set<List<String>> paths) {
    var root = new Tree();
    for (var path : paths) {
      var node = root;
      for (var element : path) {
        node = node.children.computeIfAbsent(element, e -> new Tree());
      }
      node.member = true;
    }
    return root.json();
  }

  private static final class Tree {
    private final Map<String, Tree> children = new TreeMap<>(FieldSets::order);
    private boolean member;

    ObjectNode json() {
      var json = Nodes.newObject();
      if (member && !children.isEmpty()) {
        json.putObject(".");
      }
      children.forEach((key, child) -> json.set(key, child.json()));
      return json;
    }
  }

  /** Fields before keyed items before set values, each in string order. */
  private static int order(String a, String b) {
    var rank = Integer.compare(rank(a), rank(b));
    return rank != 0 ? rank : a.compareTo(b);
  }

  private static int rank(String element) {
    return switch (element.charAt(0)) {
      case 'f' -> 0;
      case 'k' -> 1;
      case 'v' -> 2;
      default -> 3;
    };
  }
}
