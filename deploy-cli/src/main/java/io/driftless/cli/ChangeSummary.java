package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The text form of a deploy, reconcile or delete answer, after kapp's: one table row per change
 * (the API lists the changes kapp lists: no unchanged resources), then the description and the
 * change ID.
 */
final class ChangeSummary {

  private ChangeSummary() {}

  static String render(JsonNode answer) {
    var changes = answer.path("changes");
    var text = new StringBuilder();
    text.append(changes.isEmpty() ? "No changes.\n" : table(changes).render());
    text.append('\n').append(answer.path("description").asText("")).append('\n');
    text.append("Change ID: ").append(changeId(answer)).append('\n');
    return text.toString();
  }

  private static TextTable table(JsonNode changes) {
    var table = new TextTable("Namespace", "Name", "Kind", "Op", "Wait to");
    for (var change : changes) {
      var namespace = change.path("namespace").asText("");
      table.row(
          namespace.isEmpty() ? "(cluster)" : namespace,
          cell(change, "name"),
          cell(change, "kind"),
          cell(change, "op"),
          cell(change, "waitTo"));
    }
    return table;
  }

  private static String cell(JsonNode change, String field) {
    var value = change.path(field).asText("");
    return value.isEmpty() ? "-" : value;
  }

  private static String changeId(JsonNode answer) {
    var changeId = answer.path("changeId");
    if (changeId.isTextual()) {
      return changeId.asText();
    }
    return answer.path("dryRun").asBoolean(false) ? "none (dry run)" : "none (nothing changed)";
  }
}
