package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.Base64;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Converts what SnakeYAML's safe constructor builds (maps, lists, sets, strings, numbers, booleans,
 * null, byte arrays) into a Jackson tree.
 *
 * <p>SnakeYAML shares one Java object between an anchor and its aliases; a tree copies it at each
 * use. SnakeYAML's alias limit bounds the number of aliases, not the size they expand to, so this
 * converter also bounds the nodes copied through aliases and refuses self-containing collections.
 */
final class YamlToJson {

  static final int MAX_ALIAS_EXPANSION = 100_000;

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final Map<Object, Boolean> converted = new IdentityHashMap<>();
  private final Map<Object, Boolean> inProgress = new IdentityHashMap<>();
  private int expandedNodes;

  /** Converts one document. */
  JsonNode convert(Object value) {
    return convert(value, false);
  }

  private JsonNode convert(Object value, boolean expanding) {
    if (expanding && ++expandedNodes > MAX_ALIAS_EXPANSION) {
      throw new IllegalArgumentException(
          "aliases expand to more than " + MAX_ALIAS_EXPANSION + " nodes");
    }
    if (value instanceof Map<?, ?> || value instanceof Collection<?>) {
      return convertCollection(value, expanding);
    }
    return scalar(value);
  }

  private JsonNode convertCollection(Object value, boolean expanding) {
    if (inProgress.containsKey(value)) {
      throw new IllegalArgumentException("an alias refers to a collection that contains it");
    }
    boolean alias = converted.put(value, Boolean.TRUE) != null;
    inProgress.put(value, Boolean.TRUE);
    JsonNode node =
        value instanceof Map<?, ?> map
            ? object(map, expanding || alias)
            : array((Collection<?>) value, expanding || alias);
    inProgress.remove(value);
    return node;
  }

  private ObjectNode object(Map<?, ?> map, boolean expanding) {
    ObjectNode node = NODES.objectNode();
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      node.set(key(entry.getKey()), convert(entry.getValue(), expanding));
    }
    return node;
  }

  private ArrayNode array(Collection<?> items, boolean expanding) {
    ArrayNode node = NODES.arrayNode();
    for (Object item : items) {
      node.add(convert(item, expanding));
    }
    return node;
  }

  /** Map keys become strings as in JSON ({@code 80: x} has the key "80"); collections cannot. */
  private static String key(Object key) {
    if (key instanceof Map<?, ?> || key instanceof Collection<?>) {
      throw new IllegalArgumentException("a map key is a map or a list");
    }
    return String.valueOf(key);
  }

  private static JsonNode scalar(Object value) {
    if (value == null) {
      return NODES.nullNode();
    } else if (value instanceof String text) {
      return NODES.textNode(text);
    } else if (value instanceof Boolean bool) {
      return NODES.booleanNode(bool);
    } else if (value instanceof Integer number) {
      return NODES.numberNode(number);
    } else if (value instanceof Long number) {
      return NODES.numberNode(number);
    } else if (value instanceof BigInteger number) {
      return bigInteger(number);
    } else if (value instanceof Double || value instanceof Float) {
      return floating(((Number) value).doubleValue());
    } else if (value instanceof byte[] bytes) {
      return NODES.textNode(Base64.getEncoder().encodeToString(bytes));
    }
    return NODES.textNode(value.toString());
  }

  /**
   * Kubernetes objects hold integers in 64 bits (Go's int64): a larger one cannot be stored as
   * written.
   */
  private static JsonNode bigInteger(BigInteger number) {
    if (number.bitLength() > 63) {
      throw new IllegalArgumentException(
          "an integer of " + number.toString().length() + " digits is outside the 64-bit range");
    }
    return NODES.numberNode(number.longValue());
  }

  private static JsonNode floating(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(".inf and .nan have no JSON form");
    }
    return NODES.numberNode(value);
  }
}
