package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A field path under construction, rendered in the syntax of {@code shared/diff-cases/README.md}:
 * {@code spec.template.spec.containers[name=nginx].image}, {@code
 * metadata.annotations["deployment.kubernetes.io/revision"]}. Also keeps the plain map keys walked
 * so far ({@code spec, template, spec, containers, image}), which pick a list's merge key.
 */
final class FieldPath {

  private final String rendered;
  private final List<String> fields;

  private FieldPath(String rendered, List<String> fields) {
    this.rendered = rendered;
    this.fields = fields;
  }

  static FieldPath root() {
    return new FieldPath("", List.of());
  }

  /** The path of a map key below this one. */
  FieldPath key(String key) {
    var names = new ArrayList<>(fields);
    names.add(key);
    if (needsQuotes(key)) {
      return new FieldPath(rendered + "[" + quote(key) + "]", List.copyOf(names));
    }
    return new FieldPath(rendered.isEmpty() ? key : rendered + "." + key, List.copyOf(names));
  }

  /** The path of the list item whose merge key {@code keyName} has the given value. */
  FieldPath item(String keyName, JsonNode keyValue) {
    String value = keyValue.asText();
    String shown = needsQuotes(value) ? quote(value) : value;
    return new FieldPath(rendered + "[" + keyName + "=" + shown + "]", fields);
  }

  /** The path of the list item at a position (lists without a merge key). */
  FieldPath index(int position) {
    return new FieldPath(rendered + "[" + position + "]", fields);
  }

  /** The map keys walked so far, list items left out. */
  List<String> fields() {
    return fields;
  }

  String render() {
    return rendered;
  }

  @Override
  public String toString() {
    return rendered;
  }

  private static boolean needsQuotes(String text) {
    return text.isEmpty()
        || text.indexOf('.') >= 0
        || text.indexOf('[') >= 0
        || text.indexOf(']') >= 0
        || text.indexOf('"') >= 0;
  }

  private static String quote(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
