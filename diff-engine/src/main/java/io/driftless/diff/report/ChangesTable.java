package io.driftless.diff.report;

import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.plan.ChangeSet;
import io.driftless.diff.plan.WaitOp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * kapp's Changes table and summary for a plan:
 *
 * <pre>
 * Changes
 *
 * Namespace  Name        Kind        Op      Op st.  Wait to
 * default    simple-app  Deployment  update  -       reconcile
 * ^          simple-app  Service     create  -       reconcile
 *
 * Op:      1 create, 0 delete, 1 update, 0 noop, 0 exists
 * Wait to: 2 reconcile, 0 delete, 0 noop
 * </pre>
 *
 * Rows are the changes kapp lists ({@link ChangeSet#shown()}), in apply order; {@code ^} repeats
 * the namespace above, {@code (cluster)} marks cluster-scoped resources. As in kapp's {@code
 * ChangesView}, a noop op and a noop wait print as an empty cell ({@code -}), and the strategy as
 * kapp words it: the annotation value with spaces ({@code fallback on update}, {@code skip}, {@code
 * orphan}). kapp's Age and reconcile state columns need the cluster's clock and status and are left
 * out.
 */
public final class ChangesTable {

  /** kapp's table prints an empty cell as a dash. */
  private static final String EMPTY = "-";

  private static final List<String> HEADER =
      List.of("Namespace", "Name", "Kind", "Op", "Op st.", "Wait to");

  private ChangesTable() {}

  /** The table, a blank line and the two summary lines; "No changes." instead of an empty table. */
  public static String render(ChangeSet plan) {
    var text = new StringBuilder();
    List<Change> rows = plan.shown();
    if (rows.isEmpty()) {
      text.append("No changes.\n");
    } else {
      text.append("Changes\n\n").append(table(rows));
    }
    return text.append('\n').append(summary(plan)).toString();
  }

  /** kapp's two summary lines. */
  public static String summary(ChangeSet plan) {
    Map<ChangeOp, Integer> ops = plan.opCounts();
    Map<WaitOp, Integer> waits = plan.waitCounts();
    return String.format(
        "Op:      %d create, %d delete, %d update, %d noop, %d exists%n"
            + "Wait to: %d reconcile, %d delete, %d noop%n",
        ops.get(ChangeOp.CREATE),
        ops.get(ChangeOp.DELETE),
        ops.get(ChangeOp.UPDATE),
        ops.get(ChangeOp.NOOP),
        ops.get(ChangeOp.EXISTS),
        waits.get(WaitOp.RECONCILE),
        waits.get(WaitOp.DELETE),
        waits.get(WaitOp.NOOP));
  }

  private static String table(List<Change> changes) {
    var rows = new ArrayList<List<String>>();
    rows.add(HEADER);
    String previous = null;
    for (Change change : changes) {
      String namespace = change.key().clusterScoped() ? "(cluster)" : change.key().namespace();
      rows.add(
          List.of(
              namespace.equals(previous) ? "^" : namespace,
              change.key().name(),
              change.key().kind(),
              change.op() == ChangeOp.NOOP ? EMPTY : change.op().wireName(),
              change.opStrategy().isEmpty() ? EMPTY : change.opStrategy().replace('-', ' '),
              change.waitTo() == WaitOp.NOOP ? EMPTY : change.waitTo().wireName()));
      previous = namespace;
    }
    return columns(rows);
  }

  private static String columns(List<List<String>> rows) {
    int[] widths = new int[HEADER.size()];
    rows.forEach(
        row -> {
          for (int i = 0; i < widths.length; i++) {
            widths[i] = Math.max(widths[i], row.get(i).length());
          }
        });
    var text = new StringBuilder();
    for (List<String> row : rows) {
      var line = new StringBuilder();
      for (int i = 0; i < widths.length; i++) {
        line.append(i == 0 ? "" : "  ").append(String.format("%-" + widths[i] + "s", row.get(i)));
      }
      text.append(line.toString().stripTrailing()).append('\n');
    }
    return text.toString();
  }
}
