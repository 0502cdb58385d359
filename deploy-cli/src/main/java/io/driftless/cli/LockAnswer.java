package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Prints the answer of a lock or an unlock: who, when, why, and the history row it recorded. Read
 * leniently: a field at the top of the answer, else in its {@code lock} object.
 */
final class LockAnswer {

  private LockAnswer() {}

  static String lines(AppRef app, JsonNode answer, String... labelsAndFields) {
    var text = new StringBuilder("App:         ").append(app.id()).append('\n');
    for (int i = 0; i + 1 < labelsAndFields.length; i += 2) {
      var label = labelsAndFields[i] + ":";
      text.append(label)
          .append(" ".repeat(Math.max(1, 13 - label.length())))
          .append(orDash(field(answer, labelsAndFields[i + 1].split("\\|"))))
          .append('\n');
    }
    return text.toString();
  }

  /** The first of {@code names} the answer has, at its top or in its {@code lock} object. */
  static String field(JsonNode answer, String... names) {
    for (var name : names) {
      for (var node : new JsonNode[] {answer, answer.path("lock")}) {
        var value = ChangesView.text(node, name);
        if (!value.isEmpty()) {
          return value;
        }
      }
    }
    return "";
  }

  private static String orDash(String value) {
    return value.isEmpty() ? "-" : value;
  }
}
