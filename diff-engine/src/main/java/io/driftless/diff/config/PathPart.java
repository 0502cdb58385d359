package io.driftless.diff.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One part of a kapp path: a map key, {@code {allIndexes: true}} or {@code {index: N}}.
 *
 * @param key the map key, or null for a list part
 * @param index the list index, or null for a key or for every index
 */
public record PathPart(String key, Integer index) {

  /** Whether this part stands for every index of a list. */
  public boolean allIndexes() {
    return key == null && index == null;
  }

  /**
   * Reads one part as kapp writes it: a string, {@code {allIndexes: true}} or {@code {index: 0}}.
   */
  static PathPart parse(JsonNode node, String where) {
    if (node.isTextual()) {
      return new PathPart(node.textValue(), null);
    }
    if (node.path("allIndexes").asBoolean(false)) {
      return new PathPart(null, null);
    }
    if (node.path("index").canConvertToInt()) {
      return new PathPart(null, node.path("index").intValue());
    }
    throw KappConfig.invalid(
        where + ": a path part is a key, {allIndexes: true} or {index: N}, got " + shape(node));
  }

  /** Reads a whole path, checking that it ends in a map key. */
  static List<PathPart> parsePath(JsonNode node, String where) {
    if (!node.isArray() || node.isEmpty()) {
      throw KappConfig.invalid(where + ": a path is a non-empty list");
    }
    var parts = new java.util.ArrayList<PathPart>();
    node.forEach(part -> parts.add(parse(part, where)));
    if (parts.get(parts.size() - 1).key() == null) {
      throw KappConfig.invalid(where + ": a path must end in a map key");
    }
    return List.copyOf(parts);
  }

  private static String shape(JsonNode node) {
    return node.isObject() ? "a map with " + node.size() + " keys" : node.getNodeType().toString();
  }

  @Override
  public String toString() {
    return key != null ? key : index != null ? "{index: " + index + "}" : "{allIndexes: true}";
  }
}
