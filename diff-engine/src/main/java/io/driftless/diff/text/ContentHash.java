package io.driftless.diff.text;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Objects;

/**
 * A content hash of a JSON tree: {@code sha256:} and the hex SHA-256 of its canonical JSON, i.e.
 * UTF-8 JSON without whitespace whose object keys are sorted (by UTF-16 code units, recursively).
 * Equal trees hash alike whatever their key order.
 *
 * <p>Limits: numbers keep their written form, so {@code 1} and {@code 1.0} hash differently (the
 * diff engine compares numbers by value, but a hash cannot); this is not RFC 8785 (JCS) number
 * formatting. Hash objects after the same normalisation when hashes are to be compared.
 */
public final class ContentHash {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ContentHash() {}

  /** {@code sha256:<hex>} of the node's canonical JSON. */
  public static String of(JsonNode node) {
    return Sha256.digest(canonicalJson(node));
  }

  /** The canonical JSON the hash is taken of. */
  public static String canonicalJson(JsonNode node) {
    Objects.requireNonNull(node, "node");
    try {
      return JSON.writeValueAsString(sorted(node));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("A JSON tree always serialises.", e);
    }
  }

  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      ObjectNode copy = JsonNodeFactory.instance.objectNode();
      var names = new ArrayList<String>();
      node.fieldNames().forEachRemaining(names::add);
      Collections.sort(names);
      names.forEach(name -> copy.set(name, sorted(node.get(name))));
      return copy;
    }
    if (node.isArray()) {
      ArrayNode copy = JsonNodeFactory.instance.arrayNode();
      node.forEach(item -> copy.add(sorted(item)));
      return copy;
    }
    return node;
  }
}
