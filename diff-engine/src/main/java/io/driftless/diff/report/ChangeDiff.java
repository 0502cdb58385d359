package io.driftless.diff.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.text.DiffLine;
import io.driftless.diff.text.LineDiff;
import io.driftless.diff.text.SecretMask;
import io.driftless.diff.text.ServerFields;
import io.driftless.diff.text.YamlText;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The line diff of one change as kapp prints it: a header ({@code @@ update deployment/simple-app
 * (apps/v1) namespace: default @@}), then the YAML of the live object and of the object to apply
 * (server fields and status left out, keys sorted) compared line by line with {@code context}
 * unchanged lines around each change and {@code ...} for the rest. Context lines carry both line
 * numbers ({@code 30, 30 }), removed lines the old one ({@code 31 - }), added lines the new one
 * ({@code 31 + }); a create or delete has one column ({@code 0 + }). Secret values are masked
 * ({@link SecretMask}) unless {@code mask} is false. A noop has no diff.
 */
public final class ChangeDiff {

  private ChangeDiff() {}

  /** The diff text, ending with a newline; empty for a noop. */
  public static String render(Change change, int context, boolean mask) {
    return render(
        change, context, (before, after) -> mask ? SecretMask.maskPair(before, after) : null);
  }

  /**
   * The diff text for the sender of the change's manifest (a deploy's answer): Secret values are
   * masked with a number each, so no line tells whether a value stayed the same, and the live or
   * recorded values are never shown; with {@code showSent} (the API's {@code diffMask=false}) the
   * values the manifest sent are shown in clear ({@link SecretMask#maskApart}).
   */
  public static String renderForSender(Change change, int context, boolean showSent) {
    return render(
        change,
        context,
        (before, after) -> SecretMask.maskApart(before, after, change.intended(), showSent));
  }

  /**
   * As {@link #renderForSender}, between the objects as the cluster holds them and as they are
   * written (issue 31): {@code before} the live object as read, {@code after} the object sent, with
   * what the server adds to it (Driftless's labels). Server-written fields are left out of both;
   * with {@code keepLastApplied}, kubectl's last-applied annotation stays on both sides (a write
   * that does not send it, an update by PUT, drops it, and the diff shows that). A Secret's values,
   * and that annotation on a Secret, are masked as by {@link #renderForSender}.
   *
   * @param before the live object as read; null: the change's own {@code existing}
   * @param after the object sent; ignored for a delete
   */
  public static String renderWrittenForSender(
      Change change,
      ObjectNode before,
      ObjectNode after,
      int context,
      boolean showSent,
      boolean keepLastApplied) {
    var existing = before != null ? before : change.existing();
    return render(
        change,
        context,
        (b, a) -> SecretMask.maskApart(b, a, change.intended(), showSent),
        strip(existing, keepLastApplied),
        change.op() == ChangeOp.DELETE ? null : strip(after, keepLastApplied));
  }

  private static String render(
      Change change, int context, BiFunction<ObjectNode, ObjectNode, List<ObjectNode>> masking) {
    return render(
        change,
        context,
        masking,
        strip(change.existing()),
        change.op() == ChangeOp.DELETE ? null : strip(change.applied()));
  }

  private static String render(
      Change change,
      int context,
      BiFunction<ObjectNode, ObjectNode, List<ObjectNode>> masking,
      ObjectNode before,
      ObjectNode after) {
    if (change.op() == ChangeOp.NOOP || change.op() == ChangeOp.EXISTS) {
      return "";
    }
    if (change.op() == ChangeOp.CREATE && before != null) {
      // A new version of a versioned resource: kapp diffs it against the previous version, whose
      // name it keeps in the diff.
      after.withObject("metadata").set("name", before.path("metadata").path("name"));
    }
    List<ObjectNode> masked = masking.apply(before, after);
    if (masked != null) {
      before = masked.get(0);
      after = masked.get(1);
    }
    var lines = LineDiff.of(YamlText.lines(before), YamlText.lines(after), context);
    var text = new StringBuilder(header(change)).append('\n');
    boolean oneSided = before == null || after == null;
    lines.forEach(line -> text.append(line(line, oneSided)).append('\n'));
    return text.toString();
  }

  private static ObjectNode strip(ObjectNode object) {
    return object == null ? null : ServerFields.strip(object);
  }

  private static ObjectNode strip(ObjectNode object, boolean keepLastApplied) {
    if (object == null || !keepLastApplied) {
      return strip(object);
    }
    var lastApplied =
        object.path("metadata").path("annotations").get(ServerFields.KUBECTL_LAST_APPLIED);
    var stripped = ServerFields.strip(object);
    if (lastApplied != null) {
      stripped
          .withObject("metadata")
          .withObject("annotations")
          .set(ServerFields.KUBECTL_LAST_APPLIED, lastApplied);
    }
    return stripped;
  }

  static String header(Change change) {
    return "@@ "
        + change.op().wireName()
        + " "
        + change.key().kappDescription(change.apiVersion())
        + " @@";
  }

  private static String line(DiffLine line, boolean oneSided) {
    return switch (line.kind()) {
      case GAP -> "  ...";
      case CONTEXT ->
          String.format("%3d,%3d   %s", line.oldNumber(), line.newNumber(), line.text());
      case REMOVED ->
          oneSided
              ? String.format("%3d - %s", line.oldNumber(), line.text())
              : String.format("%3d     - %s", line.oldNumber(), line.text());
      case ADDED ->
          oneSided
              ? String.format("%3d + %s", line.newNumber(), line.text())
              : String.format("    %3d + %s", line.newNumber(), line.text());
    };
  }
}
