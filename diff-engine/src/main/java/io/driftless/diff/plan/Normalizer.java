package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.text.SecretFingerprint;
import io.driftless.diff.text.SecretRedaction;
import io.driftless.diff.text.ServerFields;
import java.math.BigInteger;

/**
 * Brings an object into the form the engine compares: server-written fields stripped ({@link
 * ServerFields}), Secret values replaced by keyed fingerprints ({@link SecretRedaction}), null
 * values, empty maps and empty lists removed from maps (they count as absent, as kapp treats {@code
 * annotations: {}}), numbers compared by value ({@code 2}, {@code 2.0} and a long 2 are one value).
 * List items keep their position: a null or empty item inside a list stays.
 */
final class Normalizer {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private Normalizer() {}

  /** A normalised copy; the argument is not changed. */
  static ObjectNode normalize(ObjectNode object, SecretFingerprint fingerprint) {
    JsonNode clean = clean(SecretRedaction.redact(ServerFields.strip(object), fingerprint));
    return clean == null ? NODES.objectNode() : (ObjectNode) clean;
  }

  /** The cleaned node, or null when it counts as absent. */
  static JsonNode clean(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return null;
    }
    JsonNode cleaned = item(node);
    return cleaned.isContainerNode() && cleaned.isEmpty() ? null : cleaned;
  }

  /** The cleaned node, kept even when empty or null (list items keep their place). */
  private static JsonNode item(JsonNode node) {
    if (node.isObject()) {
      ObjectNode copy = NODES.objectNode();
      node.properties()
          .forEach(
              entry -> {
                JsonNode value = clean(entry.getValue());
                if (value != null) {
                  copy.set(entry.getKey(), value);
                }
              });
      return copy;
    }
    if (node.isArray()) {
      ArrayNode copy = NODES.arrayNode();
      node.forEach(element -> copy.add(item(element)));
      return copy;
    }
    return node.isNumber() ? number(node) : node;
  }

  private static JsonNode number(JsonNode node) {
    if (!node.isIntegralNumber() && !node.canConvertToExactIntegral()) {
      return NODES.numberNode(node.doubleValue());
    }
    BigInteger value =
        node.isIntegralNumber() ? node.bigIntegerValue() : node.decimalValue().toBigIntegerExact();
    if (value.bitLength() < Integer.SIZE) {
      return NODES.numberNode(value.intValue());
    }
    return value.bitLength() < Long.SIZE
        ? NODES.numberNode(value.longValue())
        : NODES.numberNode(value);
  }
}
