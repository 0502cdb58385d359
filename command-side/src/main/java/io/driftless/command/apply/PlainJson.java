package io.driftless.command.apply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Jackson 2 trees as plain maps, lists and values, which any JSON library reads the same way: what
 * events (field changes, last-applied objects) and the HTTP answers carry.
 */
public final class PlainJson {

  private PlainJson() {}

  /** The node as plain values; null for null. */
  public static Object of(ObjectMapper mapper, JsonNode node) {
    return node == null ? null : mapper.convertValue(node, Object.class);
  }
}
