package io.driftless.command.resource;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;

/**
 * Plain values (what an event's JSON reads into: maps, lists, strings, numbers, booleans, null) as
 * a Jackson tree, node by node: the tree {@code ObjectMapper.valueToTree} makes of them, the same
 * node types and field order, without writing them out and reading them back first (issue 31: a
 * plan's last-applied objects cost a serialisation each, about a twelfth of an unchanged redeploy's
 * CPU with knative's CRDs). Any other value is left to a plain {@link ObjectMapper}.
 */
final class PlainTrees {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private PlainTrees() {}

  /** The map as a new object node. */
  static ObjectNode object(Map<?, ?> map) {
    var node = NODES.objectNode();
    for (var entry : map.entrySet()) {
      node.set(String.valueOf(entry.getKey()), tree(entry.getValue()));
    }
    return node;
  }

  private static ArrayNode array(List<?> list) {
    var node = NODES.arrayNode(list.size());
    for (var item : list) {
      node.add(tree(item));
    }
    return node;
  }

  static JsonNode tree(Object value) {
    if (value == null) {
      return NODES.nullNode();
    } else if (value instanceof String text) {
      return NODES.textNode(text);
    } else if (value instanceof Map<?, ?> map) {
      return object(map);
    } else if (value instanceof List<?> list) {
      return array(list);
    } else if (value instanceof Boolean bool) {
      return NODES.booleanNode(bool);
    } else if (value instanceof Integer number) {
      return NODES.numberNode(number);
    } else if (value instanceof Long number) {
      return NODES.numberNode(number);
    } else if (value instanceof Double number) {
      return NODES.numberNode(number);
    } else if (value instanceof BigInteger number) {
      return NODES.numberNode(number);
    } else if (value instanceof BigDecimal number) {
      return NODES.numberNode(number);
    }
    return MAPPER.valueToTree(value);
  }
}
