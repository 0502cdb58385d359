package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * kapp's Changes view of a deploy, reconcile or delete answer (kapp's {@code
 * clusterapply/changes_view.go}): the table, kapp's columns, one row per listed change in apply
 * order, then the {@code Op:} and {@code Wait to:} lines. Columns the answer has no value for
 * (Conds., Age, Rs, Ri of a resource not yet created) print {@code -}, as kapp's do.
 */
final class ChangesView {

  private ChangesView() {}

  static String render(JsonNode answer, Colors colors) {
    return render(answer, colors, java.time.Instant.now());
  }

  static String render(JsonNode answer, Colors colors, java.time.Instant now) {
    var table =
        new TextTable(
                "Namespace", "Name", "Kind", "Conds.", "Age", "Op", "Op st.", "Wait to", "Rs", "Ri")
            .title(colors.bold("Changes"))
            .fillFirstColumn();
    for (var change : answer.path("changes")) {
      table.row(
          namespace(change),
          text(change, "name"),
          text(change, "kind"),
          text(change, "conditions"),
          Ages.since(text(change, "createdAt"), now),
          colors.op(op(change)),
          text(change, "opStrategy").replace('-', ' '),
          text(change, "waitTo"),
          text(change, "reconcileState"),
          text(change, "reconcileInfo"));
    }
    table.note("Op:      " + opCounts(answer)).note("Wait to: " + waitCounts(answer));
    return table.render();
  }

  /** kapp's {@code --diff-changes}: each change's line diff under its {@code @@ ... @@} header. */
  static String diffs(JsonNode answer) {
    var text = new StringBuilder();
    for (var change : answer.path("changes")) {
      var diff = change.path("diff").asText("");
      if (!diff.isEmpty()) {
        if (!diff.startsWith("@@")) {
          text.append(header(change)).append('\n');
        }
        text.append(diff);
        text.append(diff.endsWith("\n") ? "\n" : "\n\n");
      }
    }
    return text.toString();
  }

  /** {@code create deployment/simple-app (apps/v1) namespace: default}, kapp's wording. */
  static String header(JsonNode change) {
    var namespace = text(change, "namespace");
    return "@@ "
        + op(change)
        + " "
        + describe(change)
        + " ("
        + text(change, "apiVersion")
        + ") "
        + (namespace.isEmpty() ? "cluster" : "namespace: " + namespace)
        + " @@";
  }

  static String describe(JsonNode change) {
    return text(change, "kind").toLowerCase(Locale.ROOT) + "/" + text(change, "name");
  }

  static boolean hasChanges(JsonNode answer) {
    return !answer.path("changes").isEmpty();
  }

  private static String opCounts(JsonNode answer) {
    var ops = answer.path("ops");
    return String.format(
        "%d create, %d delete, %d update, %d noop, %d exists",
        count(answer, ops, "create"),
        count(answer, ops, "delete"),
        count(answer, ops, "update"),
        count(answer, ops, "noop"),
        count(answer, ops, "exists"));
  }

  private static String waitCounts(JsonNode answer) {
    var wait = answer.path("wait");
    return String.format(
        "%d reconcile, %d delete, %d noop",
        waitCount(answer, wait, "reconcile"),
        waitCount(answer, wait, "delete"),
        waitCount(answer, wait, "noop"));
  }

  private static int count(JsonNode answer, JsonNode counts, String op) {
    if (counts.has(op)) {
      return counts.path(op).asInt();
    }
    var n = 0;
    for (var change : answer.path("changes")) {
      n += op.equals(change.path("op").asText()) ? 1 : 0;
    }
    return n;
  }

  private static int waitCount(JsonNode answer, JsonNode counts, String waitTo) {
    if (counts.has(waitTo)) {
      return counts.path(waitTo).asInt();
    }
    var n = 0;
    for (var change : answer.path("changes")) {
      n += waitTo.equals(change.path("waitTo").asText()) ? 1 : 0;
    }
    return n;
  }

  private static String namespace(JsonNode change) {
    var namespace = text(change, "namespace");
    return namespace.isEmpty() ? "(cluster)" : namespace;
  }

  /** kapp prints no op for a noop (it only waits). */
  private static String op(JsonNode change) {
    var op = text(change, "op");
    return "noop".equals(op) ? "" : op;
  }

  static String text(JsonNode node, String field) {
    var value = node.path(field);
    return value.isNull() || value.isMissingNode() ? "" : value.asText("");
  }
}
