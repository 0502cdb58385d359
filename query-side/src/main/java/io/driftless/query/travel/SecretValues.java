package io.driftless.query.travel;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.text.SecretMask;
import io.driftless.diff.text.SecretRedaction;
import io.driftless.query.projection.Json;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the time-travel answers show of a Secret: its values masked as the diff engine masks them
 * ({@link SecretMask}, {@code <-- value not shown (#N)}, equal values equal numbers), and beside
 * the object the keyed fingerprints the events recorded (HMACs under the server's key, never a
 * value), so two answers tell whether a value changed. Other kinds pass through.
 */
final class SecretValues {

  private SecretValues() {}

  /** The object with a Secret's values masked. */
  static ObjectNode masked(Map<String, Object> content) {
    ObjectNode object = Json.mapper().valueToTree(content);
    return SecretRedaction.isSecret(object) ? SecretMask.maskPair(null, object).get(1) : object;
  }

  /** A Secret's recorded fingerprints by key ({@code data}); empty for other kinds. */
  static Map<String, Object> fingerprints(Map<String, Object> content) {
    ObjectNode object = Json.mapper().valueToTree(content);
    var fingerprints = new TreeMap<String, Object>();
    if (SecretRedaction.isSecret(object) && object.get("data") instanceof ObjectNode data) {
      data.properties().forEach(e -> fingerprints.put(e.getKey(), e.getValue().asText()));
    }
    return fingerprints;
  }
}
