package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What an API server checks of the keys of a core ConfigMap's {@code data} and {@code binaryData}
 * and a core Secret's {@code data} and {@code stringData} (Kubernetes' {@code IsConfigMapKey},
 * issue 32 point 6): at most 253 characters of {@code [-._a-zA-Z0-9]}, not {@code .}, {@code ..} or
 * starting with {@code ..}; and a ConfigMap key in {@code data} or {@code binaryData}, not both.
 * Without this check a key such as {@code k<img src=x>} was planned, stored in the events and the
 * views and shown by the history page, and only a real cluster would refuse it, after the change
 * started. The fields' values are {@link SecretFields}' business (a Secret's) or free.
 *
 * <p>Problems quote the key (cut at 80 characters), never a value.
 */
final class DataKeys {

  private static final Pattern KEY = Pattern.compile("[-._a-zA-Z0-9]+");
  private static final int MAX_LENGTH = 253;
  private static final int MAX_KEY_IN_MESSAGE = 80;

  private DataKeys() {}

  /** Whether the type's data keys are checked: the core group's ConfigMap and Secret. */
  static boolean applies(GroupKind type) {
    return type.group().isEmpty()
        && (type.kind().equals("ConfigMap") || type.kind().equals("Secret"));
  }

  /** The problems of the object's data keys; empty when all are valid. */
  static List<String> problems(GroupKind type, JsonNode object) {
    var fields =
        type.kind().equals("ConfigMap")
            ? List.of("data", "binaryData")
            : List.of("data", "stringData");
    var problems = new ArrayList<String>();
    for (var field : fields) {
      JsonNode map = object.get(field);
      if (map == null || !map.isObject()) {
        continue;
      }
      for (Map.Entry<String, JsonNode> entry : map.properties()) {
        var rule = brokenRule(entry.getKey());
        if (rule != null) {
          problems.add(field + " key " + quote(entry.getKey()) + " is not a valid key: " + rule);
        }
      }
    }
    if (type.kind().equals("ConfigMap")) {
      bothFields(object, problems);
    }
    return problems;
  }

  private static String brokenRule(String key) {
    if (key.length() > MAX_LENGTH) {
      return "it must be no more than " + MAX_LENGTH + " characters";
    }
    if (!KEY.matcher(key).matches()) {
      return "a valid key must consist of alphanumeric characters, '-', '_' or '.'";
    }
    if (key.equals(".") || key.equals("..") || key.startsWith("..")) {
      return "it must not be '.' or '..' nor start with '..'";
    }
    return null;
  }

  private static void bothFields(JsonNode configMap, List<String> problems) {
    JsonNode data = configMap.get("data");
    JsonNode binary = configMap.get("binaryData");
    if (data == null || binary == null || !data.isObject() || !binary.isObject()) {
      return;
    }
    for (Map.Entry<String, JsonNode> entry : data.properties()) {
      if (binary.has(entry.getKey())) {
        problems.add(
            "key " + quote(entry.getKey()) + " is in both data and binaryData; keep it in one");
      }
    }
  }

  private static String quote(String key) {
    var shown =
        key.length() > MAX_KEY_IN_MESSAGE ? key.substring(0, MAX_KEY_IN_MESSAGE) + "..." : key;
    return "\"" + shown + "\"";
  }
}
