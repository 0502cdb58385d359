package io.driftless.sandbox.objects;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Small steps on Jackson trees shared by the sandbox's defaulting, validation and controllers: the
 * Go API server's "if the field is unset, set it" and "walk the objects of a list" on JSON.
 */
public final class Nodes {

  private static final JsonNodeFactory FACTORY = JsonNodeFactory.instance;

  /** A plain mapper for reading and writing the stored JSON. */
  public static final ObjectMapper MAPPER = new ObjectMapper();

  private Nodes() {}

  /** The object under {@code field}, created (and set) when absent or null. */
  public static ObjectNode object(ObjectNode parent, String field) {
    var child = parent.get(field);
    if (child instanceof ObjectNode object) {
      return object;
    }
    var created = FACTORY.objectNode();
    parent.set(field, created);
    return created;
  }

  /** True when {@code field} is absent or JSON null, as a Go nil pointer or zero value. */
  public static boolean unset(JsonNode parent, String field) {
    var value = parent.get(field);
    return value == null || value.isNull() || value.isTextual() && value.textValue().isEmpty();
  }

  /** Sets {@code field} to {@code value} when it is unset. */
  public static void defaultText(ObjectNode parent, String field, String value) {
    if (unset(parent, field)) {
      parent.put(field, value);
    }
  }

  /** Sets {@code field} to {@code value} when it is unset. */
  public static void defaultInt(ObjectNode parent, String field, long value) {
    var current = parent.get(field);
    if (current == null || current.isNull()) {
      parent.put(field, value);
    }
  }

  /** Sets {@code field} to {@code value} when it is unset. */
  public static void defaultBoolean(ObjectNode parent, String field, boolean value) {
    var current = parent.get(field);
    if (current == null || current.isNull()) {
      parent.put(field, value);
    }
  }

  /** The objects of the array under {@code field} (none when it is absent or not an array). */
  public static List<ObjectNode> objects(JsonNode parent, String field) {
    var items = new ArrayList<ObjectNode>();
    var array = parent == null ? null : parent.get(field);
    if (array instanceof ArrayNode list) {
      list.forEach(
          item -> {
            if (item instanceof ObjectNode object) {
              items.add(object);
            }
          });
    }
    return items;
  }

  /** The object at {@code path}, or null when any step is missing or not an object. */
  public static ObjectNode find(JsonNode root, String... path) {
    var node = root;
    for (var step : path) {
      node = node == null ? null : node.get(step);
    }
    return node instanceof ObjectNode object ? object : null;
  }

  /** The text at {@code path}, or "" when missing. */
  public static String text(JsonNode root, String... path) {
    var node = root;
    for (var step : path) {
      node = node == null ? null : node.get(step);
    }
    return node == null || node.isNull() ? "" : node.asText();
  }

  /**
   * Whether two trees hold the same JSON. Unlike {@code JsonNode.equals}, 10 read from the store
   * (an int) equals 10 written by the sandbox (a long), as they are the same JSON.
   */
  public static boolean same(JsonNode a, JsonNode b) {
    return a.equals(
        (x, y) -> {
          if (x.isNumber() && y.isNumber()) {
            return x.decimalValue().compareTo(y.decimalValue());
          }
          return x.equals(y) ? 0 : 1;
        },
        b);
  }

  /** A new empty object. */
  public static ObjectNode newObject() {
    return FACTORY.objectNode();
  }

  /** A new empty array. */
  public static ArrayNode newArray() {
    return FACTORY.arrayNode();
  }
}
