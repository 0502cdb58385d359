package io.driftless.diff.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;

/**
 * Replaces Secret values by their hashes, so objects can be stored, published, compared and shown
 * without revealing them.
 *
 * <p>For objects of kind {@code Secret} (any group) every value under {@code data} and {@code
 * stringData} becomes {@code sha256:<hex>} of the value's text as written: the base64 text for
 * {@code data}, the plain text for {@code stringData} (non-text values: their canonical JSON). So
 * {@code stringData: {a: x}} and {@code data: {a: eA==}} hash differently; a deploy that moves a
 * value from one to the other shows as a change, which it also is to the API server's request. The
 * annotation {@code kubectl.kubernetes.io/last-applied-configuration}, which holds the values in
 * clear on Secrets applied by kubectl, is hashed too.
 *
 * <p>Redaction is idempotent: a value already of the form {@code sha256:<64 lowercase hex>} stays,
 * so stored (redacted) objects compare with freshly redacted ones. Consequence: a stringData value
 * that itself looks like such a hash is kept in clear, which reveals nothing beyond a hash.
 *
 * <p>Limit: the hash is unkeyed. It hides high-entropy secrets, but a short or guessable value can
 * be found by hashing candidates; a keyed hash (HMAC with a configured key) is the planned fix.
 */
public final class SecretRedaction {

  private static final List<String> VALUE_FIELDS = List.of("data", "stringData");

  private SecretRedaction() {}

  /** A redacted copy for Secrets; for other kinds an unchanged copy. */
  public static ObjectNode redact(ObjectNode object) {
    ObjectNode copy = object.deepCopy();
    if (!isSecret(copy)) {
      return copy;
    }
    for (String field : VALUE_FIELDS) {
      if (copy.get(field) instanceof ObjectNode values) {
        hashValues(values);
      }
    }
    if (copy.path("metadata").get("annotations") instanceof ObjectNode annotations) {
      hashValue(annotations, ServerFields.KUBECTL_LAST_APPLIED);
    }
    return copy;
  }

  /** Whether the object is of kind Secret. */
  public static boolean isSecret(JsonNode object) {
    return "Secret".equals(object.path("kind").asText());
  }

  private static void hashValues(ObjectNode values) {
    var names = values.properties().stream().map(Map.Entry::getKey).toList();
    names.forEach(name -> hashValue(values, name));
  }

  private static void hashValue(ObjectNode parent, String name) {
    JsonNode value = parent.get(name);
    if (value == null || value.isNull()) {
      return;
    }
    String text = value.isTextual() ? value.textValue() : ContentHash.canonicalJson(value);
    if (!Sha256.isDigest(text)) {
      parent.put(name, Sha256.digest(text));
    }
  }
}
