package io.driftless.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Resolves the field paths of {@code shared/diff-cases/README.md} ({@code
 * spec.template.spec.containers[name=nginx].image}, {@code metadata.annotations["a.b/c"]}, {@code
 * rules[0]}) on a JSON tree: a missing node when absent.
 */
public final class CasePaths {

  private CasePaths() {}

  /** The node at the path, or a missing node. */
  public static JsonNode at(JsonNode root, String path) {
    JsonNode node = root;
    for (String step : steps(path)) {
      node = step(node, step);
      if (node == null || node.isMissingNode()) {
        return MissingNode.getInstance();
      }
    }
    return node;
  }

  private static JsonNode step(JsonNode node, String step) {
    if (step.startsWith("[\"")) {
      return node.get(
          step.substring(2, step.length() - 2).replace("\\\"", "\"").replace("\\\\", "\\"));
    }
    if (step.startsWith("[")) {
      String inner = step.substring(1, step.length() - 1);
      int eq = inner.indexOf('=');
      if (eq < 0) {
        return node.get(Integer.parseInt(inner));
      }
      String key = inner.substring(0, eq);
      String value = inner.substring(eq + 1);
      for (JsonNode item : node) {
        if (item.path(key).asText().equals(value)) {
          return item;
        }
      }
      return null;
    }
    return node.get(step);
  }

  private static List<String> steps(String path) {
    var steps = new ArrayList<String>();
    int i = 0;
    while (i < path.length()) {
      char c = path.charAt(i);
      if (c == '.') {
        i++;
      } else if (c == '[') {
        int end = path.charAt(i + 1) == '"' ? closingQuote(path, i + 2) + 1 : path.indexOf(']', i);
        steps.add(path.substring(i, end + 1));
        i = end + 1;
      } else {
        int end = i;
        while (end < path.length() && path.charAt(end) != '.' && path.charAt(end) != '[') {
          end++;
        }
        steps.add(path.substring(i, end));
        i = end;
      }
    }
    return steps;
  }

  private static int closingQuote(String path, int from) {
    for (int i = from; i < path.length(); i++) {
      if (path.charAt(i) == '\\') {
        i++;
      } else if (path.charAt(i) == '"') {
        return i;
      }
    }
    throw new IllegalArgumentException("Unclosed quote in " + path);
  }
}
