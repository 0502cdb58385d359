package io.driftless.command.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Jackson 2 trees as plain maps, lists and values, which any JSON library reads the same way: what
 * events (field changes, last-applied objects) and the HTTP answers carry.
 *
 * <p>The tree is walked directly for what manifests hold (objects, arrays, strings, booleans,
 * nulls, int and long numbers): the same maps ({@link LinkedHashMap}, in the tree's order), lists
 * and values that {@code mapper.convertValue(node, Object.class)} gives, without its round trip
 * through a token buffer (a first deploy converts every object twice, for its record and its
 * answer: issue 31). Any other node (floating point and big numbers, binary, POJO nodes) is
 * converted by {@code mapper} as before. {@code PlainJsonTest} holds the two ways equal, classes
 * included, over the manifests of the repository's tests.
 */
public final class PlainJson {

  private PlainJson() {}

  /** The node as plain values; null for null. */
  public static Object of(ObjectMapper mapper, JsonNode node) {
    if (node == null) {
      return null;
    }
    return switch (node.getNodeType()) {
      case OBJECT -> object(mapper, node);
      case ARRAY -> array(mapper, node);
      case STRING -> node.textValue();
      case BOOLEAN -> node.booleanValue();
      case NULL -> null;
      case NUMBER -> number(mapper, node);
      default -> mapper.convertValue(node, Object.class);
    };
  }

  private static Map<String, Object> object(ObjectMapper mapper, JsonNode node) {
    var map = new LinkedHashMap<String, Object>(Math.max(4, node.size() * 4 / 3 + 1));
    for (var fields = node.fields(); fields.hasNext(); ) {
      var field = fields.next();
      map.put(field.getKey(), of(mapper, field.getValue()));
    }
    return map;
  }

  private static List<Object> array(ObjectMapper mapper, JsonNode node) {
    var list = new ArrayList<Object>(node.size());
    for (var element : node) {
      list.add(of(mapper, element));
    }
    return list;
  }

  private static Object number(ObjectMapper mapper, JsonNode node) {
    if (node.isInt()) {
      return node.intValue();
    }
    if (node.isLong()) {
      return node.longValue();
    }
    return mapper.convertValue(node, Object.class);
  }
}
