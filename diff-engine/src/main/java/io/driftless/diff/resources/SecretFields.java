package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What an API server checks of a core Secret's content before it stores it: {@code data} is a map
 * of base64 strings (Go's standard encoding: padded, line breaks ignored; {@code null} is empty)
 * and {@code stringData} a map of strings. Without this check a value that is not base64 would be
 * hashed, planned and sent, and only the cluster would refuse it, after the change started.
 *
 * <p>Problems name the key, never the value.
 */
final class SecretFields {

  private static final int MAX_KEY_IN_MESSAGE = 80;

  private SecretFields() {}

  /** Whether the type is the core group's Secret. */
  static boolean isSecret(GroupKind type) {
    return type.group().isEmpty() && type.kind().equals("Secret");
  }

  /** The problems of a Secret's {@code data} and {@code stringData}; empty when both are fine. */
  static List<String> problems(JsonNode secret) {
    var problems = new ArrayList<String>();
    JsonNode data = secret.get("data");
    if (isMap(data, problems, "data must be a map of base64-encoded values")) {
      for (Map.Entry<String, JsonNode> entry : data.properties()) {
        dataProblem(entry.getValue()).ifPresent(p -> problems.add(key("data", entry) + p));
      }
    }
    JsonNode stringData = secret.get("stringData");
    if (isMap(stringData, problems, "stringData must be a map of strings")) {
      for (Map.Entry<String, JsonNode> entry : stringData.properties()) {
        JsonNode value = entry.getValue();
        if (!value.isTextual() && !value.isNull()) {
          problems.add(key("stringData", entry) + " is " + type(value) + ", not a string");
        }
      }
    }
    return problems;
  }

  private static boolean isMap(JsonNode field, List<String> problems, String rule) {
    if (field == null || field.isNull()) {
      return false;
    }
    if (!field.isObject()) {
      problems.add(rule);
      return false;
    }
    return true;
  }

  private static Optional<String> dataProblem(JsonNode value) {
    if (value.isNull() || (value.isTextual() && isBase64(value.textValue()))) {
      return Optional.empty();
    }
    if (!value.isTextual()) {
      return Optional.of(" is " + type(value) + ", not a base64 string");
    }
    return Optional.of(
        " is not valid base64 (data values are base64-encoded; plain text goes under stringData)");
  }

  /** Go's {@code base64.StdEncoding}, which ignores CR and LF, as the API server decodes. */
  static boolean isBase64(String value) {
    String text = value.indexOf('\n') < 0 && value.indexOf('\r') < 0 ? value : strip(value);
    if (text.length() % 4 != 0) {
      return false;
    }
    try {
      Base64.getDecoder().decode(text);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static String strip(String value) {
    return value.replace("\n", "").replace("\r", "");
  }

  private static String key(String field, Map.Entry<String, JsonNode> entry) {
    String name = entry.getKey();
    if (name.length() > MAX_KEY_IN_MESSAGE) {
      name = name.substring(0, MAX_KEY_IN_MESSAGE) + "...";
    }
    return field + " key \"" + name + "\"";
  }

  private static String type(JsonNode value) {
    String type = value.getNodeType().name().toLowerCase(Locale.ROOT);
    return switch (type) {
      case "object" -> "a map";
      case "array" -> "a list";
      case "boolean" -> "a boolean";
      default -> "a " + type;
    };
  }
}
