package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.diff.config.RebasedField;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The field paths rebase rules changed, rendered like field changes, so a change at or below one is
 * reported as {@code decidedBy: rebase:<rule>}.
 */
final class RebasedPaths {

  private static final RebasedPaths NONE = new RebasedPaths(Map.of());

  private final Map<String, String> rules;

  private RebasedPaths(Map<String, String> rules) {
    this.rules = rules;
  }

  static RebasedPaths none() {
    return NONE;
  }

  /**
   * Renders the rebased locations against the rebased object (list items by merge key where the
   * list has one). The last rule to touch a path names it.
   */
  static RebasedPaths of(List<RebasedField> fields, JsonNode rebased, MergeKeys keys) {
    if (fields.isEmpty()) {
      return NONE;
    }
    var rules = new LinkedHashMap<String, String>();
    fields.forEach(field -> rules.put(render(field.location(), rebased, keys), field.rule()));
    return new RebasedPaths(rules);
  }

  /** The rule that set or removed the path or one of its parents, or null. */
  String ruleFor(String path) {
    if (rules.isEmpty()) {
      return null;
    }
    for (var entry : rules.entrySet()) {
      String rebased = entry.getKey();
      if (path.equals(rebased)
          || path.startsWith(rebased + ".")
          || path.startsWith(rebased + "[")) {
        return entry.getValue();
      }
    }
    return null;
  }

  private static String render(List<Object> location, JsonNode tree, MergeKeys keys) {
    FieldPath path = FieldPath.root();
    JsonNode node = tree;
    for (Object step : location) {
      if (step instanceof Integer index) {
        JsonNode item = node == null ? null : node.get(index);
        Optional<String> key = keys.of(path.fields());
        JsonNode keyValue = key.isPresent() && item != null ? item.get(key.get()) : null;
        path = keyValue != null ? path.item(key.get(), keyValue) : path.index(index);
        node = item;
      } else {
        path = path.key((String) step);
        node = node == null ? null : node.get((String) step);
      }
    }
    return path.render();
  }
}
