package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.text.SecretFingerprint;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Writes a core Secret's {@code stringData} into {@code data} (base64, a stringData key winning
 * over the same data key), as the API server does when it stores one. The live object only ever has
 * {@code data}, so desired and last-applied objects are brought into that form before they are
 * compared or merged; otherwise every Secret using stringData would differ on every deploy.
 *
 * <p>A value already redacted (a fingerprint, {@link SecretFingerprint}: a stored last-applied
 * object) moves over as is: its key still counts, its value compares as a fingerprint. A stored
 * stringData value fingerprinted as plain text is recognised against the desired base64 value by
 * {@code SecretRedaction.rekeyed}.
 */
final class SecretForms {

  private SecretForms() {}

  /** A copy in data-only form for core Secrets; other objects come back unchanged (not copied). */
  static ObjectNode dataOnly(ObjectNode object) {
    if (object == null
        || !"Secret".equals(object.path("kind").asText())
        || !"v1".equals(object.path("apiVersion").asText())
        || !(object.get("stringData") instanceof ObjectNode strings)) {
      return object;
    }
    ObjectNode copy = object.deepCopy();
    copy.remove("stringData");
    ObjectNode data = copy.get("data") instanceof ObjectNode d ? d : copy.putObject("data");
    strings
        .properties()
        .forEach(entry -> data.set(entry.getKey(), encoded(data, entry.getValue())));
    return copy;
  }

  private static JsonNode encoded(ObjectNode data, JsonNode value) {
    if (!value.isTextual()) {
      return value;
    }
    String text = value.textValue();
    if (SecretFingerprint.isFingerprint(text)) {
      return value;
    }
    return data.textNode(Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8)));
  }
}
