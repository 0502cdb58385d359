package io.driftless.diff.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Replaces Secret values by their keyed fingerprints ({@link SecretFingerprint}), so objects can be
 * stored, published, compared and shown without revealing them, nor anything a guess could be
 * tested against without the server's key.
 *
 * <p>For objects of kind {@code Secret} (any group) every value under {@code data} and {@code
 * stringData} becomes the fingerprint of the value's text as written: the base64 text for {@code
 * data}, the plain text for {@code stringData} (non-text values: their canonical JSON). So {@code
 * stringData: {a: x}} and {@code data: {a: eA==}} fingerprint differently; a deploy that moves a
 * value from one to the other shows as a change, which it also is to the API server's request. The
 * annotation {@code kubectl.kubernetes.io/last-applied-configuration}, which holds the values in
 * clear on Secrets applied by kubectl, is fingerprinted too.
 *
 * <p>Redaction is idempotent: a value already of a fingerprint's form (keyed, or the bare {@code
 * sha256:<hex>} of stores written before keyed fingerprints) stays, so stored (redacted) objects
 * compare with freshly redacted ones. Consequence: a stringData value that itself looks like a
 * fingerprint is kept in clear, which reveals nothing beyond a fingerprint.
 */
public final class SecretRedaction {

  private static final List<String> VALUE_FIELDS = List.of("data", "stringData");

  private SecretRedaction() {}

  /** A redacted copy for Secrets; for other kinds an unchanged copy. */
  public static ObjectNode redact(ObjectNode object, SecretFingerprint fingerprint) {
    ObjectNode copy = object.deepCopy();
    if (!isSecret(copy)) {
      return copy;
    }
    for (String field : VALUE_FIELDS) {
      if (copy.get(field) instanceof ObjectNode values) {
        names(values).forEach(name -> redactValue(values, name, fingerprint));
      }
    }
    if (copy.path("metadata").get("annotations") instanceof ObjectNode annotations) {
      redactValue(annotations, ServerFields.KUBECTL_LAST_APPLIED, fingerprint);
    }
    return copy;
  }

  /**
   * A stored (redacted) Secret brought to the current key where its values are still the desired
   * ones: each {@code data} value of {@code stored} that is a fingerprint under another key (or a
   * bare SHA-256 of an older store) of the same-named {@code data} value of {@code desired} (its
   * base64 text, or the text it decodes to: an older store fingerprinted stringData as plain text)
   * becomes that value's current fingerprint. Both objects are in data-only form. Without this, a
   * key rotation or an upgrade would make every Secret differ once and be written again. Other
   * values and kinds are left as they are; the argument is not changed.
   */
  public static ObjectNode rekeyed(
      ObjectNode stored, ObjectNode desired, SecretFingerprint fingerprint) {
    if (stored == null
        || desired == null
        || !isSecret(stored)
        || !(stored.get("data") instanceof ObjectNode storedData)
        || !(desired.get("data") instanceof ObjectNode desiredData)) {
      return stored;
    }
    ObjectNode copy = stored.deepCopy();
    ObjectNode data = (ObjectNode) copy.get("data");
    for (String name : names(storedData)) {
      JsonNode old = storedData.get(name);
      JsonNode want = desiredData.get(name);
      if (old.isTextual() && want != null && want.isTextual()) {
        String current = fingerprint.of(want.textValue());
        if (!current.equals(old.textValue())
            && SecretFingerprint.isFingerprint(old.textValue())
            && sameValue(old.textValue(), want.textValue(), fingerprint)) {
          data.put(name, current);
        }
      }
    }
    return copy;
  }

  /** Whether the object is of kind Secret. */
  public static boolean isSecret(JsonNode object) {
    return "Secret".equals(object.path("kind").asText());
  }

  private static boolean sameValue(String stored, String base64, SecretFingerprint fingerprint) {
    if (fingerprint.matches(stored, base64)) {
      return true;
    }
    try {
      var plain = new String(Base64.getDecoder().decode(base64), StandardCharsets.UTF_8);
      return fingerprint.matches(stored, plain);
    } catch (IllegalArgumentException notBase64) {
      return false;
    }
  }

  private static List<String> names(ObjectNode values) {
    return values.properties().stream().map(Map.Entry::getKey).toList();
  }

  private static void redactValue(ObjectNode parent, String name, SecretFingerprint fingerprint) {
    JsonNode value = parent.get(name);
    if (value == null || value.isNull()) {
      return;
    }
    String text = value.isTextual() ? value.textValue() : ContentHash.canonicalJson(value);
    if (!SecretFingerprint.isFingerprint(text)) {
      parent.put(name, fingerprint.of(text));
    }
  }
}
