package io.driftless.command.deploy;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks a {@code diffFilter} against the keys the diff engine's {@code ChangeFilter} reads before
 * it is used. The engine ignores what it does not know, so a misspelt key ({@code "opps"}) or a
 * value of the wrong shape would keep every change and apply it: here it is a 400 naming the place
 * ({@code and[1].existingResource.kindz}). kapp's Go decoder also ignores unknown keys; being
 * stricter is deliberate, the filter decides what gets applied.
 */
final class DiffFilterSyntax {

  private static final JsonMapper JSON =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();
  private static final Pattern START_MARKER =
      Pattern.compile(" \\(start marker at \\[Source: [^\\]]*\\]\\)");
  private static final Set<String> FILTER_KEYS =
      Set.of("and", "or", "not", "ops", "newResource", "existingResource");
  private static final Set<String> RESOURCE_KEYS =
      Set.of(
          "kinds", "namespaces", "names", "kindNames", "kindNamespaces", "kindNsNames", "labels");
  private static final Set<String> OPS = Set.of("create", "update", "delete", "noop", "exists");
  private static final Map<String, String> HINTS =
      Map.of("labelSelector", " (use labels: [\"key=value\", ...])");

  private DiffFilterSyntax() {}

  /** The problems of the filter text; empty when it is a filter the engine reads fully. */
  static List<String> problems(String text) {
    JsonNode root;
    try {
      root = JSON.readTree(text);
    } catch (JacksonException e) {
      var at = e.getLocation();
      return List.of(
          "is not JSON: "
              + START_MARKER.matcher(e.getOriginalMessage()).replaceAll("")
              + (at == null ? "" : " (column " + at.getColumnNr() + ")"));
    }
    var problems = new ArrayList<String>();
    filter(root, "", problems);
    return problems;
  }

  private static void filter(JsonNode node, String path, List<String> problems) {
    if (node == null || !node.isObject()) {
      problems.add(where(path) + "must be a JSON object");
      return;
    }
    for (var field : node.properties()) {
      String key = field.getKey();
      String at = path.isEmpty() ? key : path + "." + key;
      JsonNode value = field.getValue();
      switch (FILTER_KEYS.contains(key) ? key : "") {
        case "and", "or" -> list(value, at, problems);
        case "not" -> filter(value, at, problems);
        case "ops" -> strings(value, at, OPS, problems);
        case "newResource", "existingResource" -> resource(value, at, problems);
        default -> problems.add(unknown(key, at, FILTER_KEYS));
      }
    }
  }

  private static void list(JsonNode value, String at, List<String> problems) {
    if (!value.isArray()) {
      problems.add(at + " must be a list of filters");
      return;
    }
    for (int i = 0; i < value.size(); i++) {
      filter(value.get(i), at + "[" + i + "]", problems);
    }
  }

  private static void resource(JsonNode value, String at, List<String> problems) {
    if (!value.isObject()) {
      problems.add(at + " must be a JSON object");
      return;
    }
    for (var field : value.properties()) {
      String key = field.getKey();
      if (RESOURCE_KEYS.contains(key)) {
        strings(field.getValue(), at + "." + key, null, problems);
      } else {
        problems.add(unknown(key, at + "." + key, RESOURCE_KEYS));
      }
    }
  }

  private static void strings(
      JsonNode value, String at, Set<String> allowed, List<String> problems) {
    if (!value.isArray()) {
      problems.add(at + " must be a list of strings");
      return;
    }
    for (JsonNode item : value) {
      if (!item.isTextual()) {
        problems.add(at + " must be a list of strings");
        return;
      }
      if (allowed != null && !allowed.contains(item.textValue())) {
        problems.add(at + ": unknown op \"" + item.textValue() + "\"; ops are " + sorted(allowed));
      }
    }
  }

  private static String unknown(String key, String at, Set<String> known) {
    String hint = HINTS.getOrDefault(key, "");
    for (String candidate : known) {
      if (candidate.toLowerCase(Locale.ROOT).equals(key.toLowerCase(Locale.ROOT))) {
        hint = " (did you mean " + candidate + "?)";
      }
    }
    return at + ": unknown key" + hint + "; known keys: " + sorted(known);
  }

  private static String where(String path) {
    return path.isEmpty() ? "" : path + " ";
  }

  private static String sorted(Set<String> values) {
    return String.join(", ", values.stream().sorted().toList());
  }
}
