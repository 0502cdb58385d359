package io.driftless.diff.text;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Masks the values of Secrets for display, as kapp's diff does ({@code pkg/kapp/diff/
 * masked_resource.go}, its default mask rules on a Secret's {@code data} and {@code stringData}):
 * every value becomes {@code <-- value not shown (#N)}, where equal values get equal numbers across
 * both sides of a diff (numbered in key order, as kapp sorts them), so a changed value shows as a
 * changed number and nothing of it is revealed. Other kinds pass through.
 */
public final class SecretMask {

  private static final List<String> VALUE_FIELDS = List.of("data", "stringData");

  private SecretMask() {}

  /** Masked copies of two versions of one object (either may be null), numbered together. */
  public static List<ObjectNode> maskPair(ObjectNode before, ObjectNode after) {
    var numbers = new HashMap<String, Integer>();
    return java.util.Arrays.asList(mask(before, numbers), mask(after, numbers));
  }

  /**
   * Masked copies for the sender of {@code after} (issue 32 point 5): every value of either side
   * gets a number of its own, so no line shows whether a value stayed the same; with {@code
   * showSent}, a value of {@code after} that the sender sent ({@code sent} holds it at the same
   * key) stays in clear. Nothing of {@code before} (what the cluster or the app holds) is ever
   * shown.
   */
  public static List<ObjectNode> maskApart(
      ObjectNode before, ObjectNode after, ObjectNode sent, boolean showSent) {
    var counter = new int[] {0};
    return java.util.Arrays.asList(
        maskEach(before, counter, null), maskEach(after, counter, showSent ? sent : null));
  }

  private static ObjectNode maskEach(ObjectNode object, int[] counter, ObjectNode shown) {
    if (object == null || !SecretRedaction.isSecret(object)) {
      return object;
    }
    ObjectNode copy = object.deepCopy();
    for (String field : VALUE_FIELDS) {
      if (copy.get(field) instanceof ObjectNode values) {
        for (String name : List.copyOf(names(values))) {
          JsonNode value = values.get(name);
          boolean sent = shown != null && value.equals(shown.path(field).get(name));
          if (!sent) {
            values.put(name, placeholder(++counter[0]));
          }
        }
      }
    }
    if (copy.path("metadata").get("annotations") instanceof ObjectNode annotations
        && annotations.has(ServerFields.KUBECTL_LAST_APPLIED)) {
      annotations.put(ServerFields.KUBECTL_LAST_APPLIED, "<-- value not shown>");
    }
    return copy;
  }

  private static ObjectNode mask(ObjectNode object, Map<String, Integer> numbers) {
    if (object == null || !SecretRedaction.isSecret(object)) {
      return object;
    }
    ObjectNode copy = object.deepCopy();
    for (String field : VALUE_FIELDS) {
      if (copy.get(field) instanceof ObjectNode values) {
        for (String name : List.copyOf(names(values))) {
          JsonNode value = values.get(name);
          String key = value.isTextual() ? value.textValue() : value.toString();
          values.put(name, placeholder(numbers.computeIfAbsent(key, k -> numbers.size() + 1)));
        }
      }
    }
    if (copy.path("metadata").get("annotations") instanceof ObjectNode annotations
        && annotations.has(ServerFields.KUBECTL_LAST_APPLIED)) {
      annotations.put(ServerFields.KUBECTL_LAST_APPLIED, "<-- value not shown>");
    }
    return copy;
  }

  /** What a masked value shows: {@code <-- value not shown (#number)}. */
  public static String placeholder(int number) {
    return "<-- value not shown (#" + number + ")";
  }

  private static List<String> names(ObjectNode values) {
    return values.properties().stream().map(Map.Entry::getKey).sorted().toList();
  }
}
