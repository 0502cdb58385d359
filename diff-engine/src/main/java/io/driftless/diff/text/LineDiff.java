package io.driftless.diff.text;

import java.util.ArrayList;
import java.util.List;

/**
 * A line diff with context, Myers' O((N+M)D) algorithm: the shortest edit script, removals before
 * additions where both happen at one place. Unchanged lines further than {@code context} lines from
 * a change are left out, each run of them replaced by one {@link DiffLine.Kind#GAP} line.
 *
 * <p>Memory grows with the number of differences times the text length, so a diff between two
 * unrelated texts of many thousand lines is costly; creates and deletes (one side empty) are
 * handled without the search.
 */
public final class LineDiff {

  private LineDiff() {}

  /** The diff from {@code from} to {@code to}, with {@code context} unchanged lines around. */
  public static List<DiffLine> of(List<String> from, List<String> to, int context) {
    List<DiffLine> all = script(from, to);
    return withContext(all, Math.max(0, context));
  }

  private static List<DiffLine> script(List<String> a, List<String> b) {
    int n = a.size();
    int m = b.size();
    int max = n + m;
    int offset = max + 1;
    int[] v = new int[2 * max + 3];
    var trace = new ArrayList<int[]>();
    for (int d = 0; d <= max; d++) {
      trace.add(v.clone());
      for (int k = -d; k <= d; k += 2) {
        boolean down = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]);
        int x = down ? v[offset + k + 1] : v[offset + k - 1] + 1;
        int y = x - k;
        while (x < n && y < m && a.get(x).equals(b.get(y))) {
          x++;
          y++;
        }
        v[offset + k] = x;
        if (x >= n && y >= m) {
          return backtrack(a, b, trace, offset, d);
        }
      }
    }
    throw new IllegalStateException("Myers' search always ends");
  }

  private static List<DiffLine> backtrack(
      List<String> a, List<String> b, List<int[]> trace, int offset, int depth) {
    var lines = new ArrayList<DiffLine>();
    int x = a.size();
    int y = b.size();
    for (int d = depth; d > 0; d--) {
      int[] v = trace.get(d);
      int k = x - y;
      boolean down = k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]);
      int prevK = down ? k + 1 : k - 1;
      int prevX = v[offset + prevK];
      int prevY = prevX - prevK;
      while (x > prevX && y > prevY) {
        x--;
        y--;
        lines.add(new DiffLine(DiffLine.Kind.CONTEXT, x, y, a.get(x)));
      }
      if (down) {
        y--;
        lines.add(new DiffLine(DiffLine.Kind.ADDED, -1, y, b.get(y)));
      } else {
        x--;
        lines.add(new DiffLine(DiffLine.Kind.REMOVED, x, -1, a.get(x)));
      }
    }
    while (x > 0 && y > 0) {
      x--;
      y--;
      lines.add(new DiffLine(DiffLine.Kind.CONTEXT, x, y, a.get(x)));
    }
    java.util.Collections.reverse(lines);
    return lines;
  }

  private static List<DiffLine> withContext(List<DiffLine> all, int context) {
    boolean[] keep = new boolean[all.size()];
    for (int i = 0; i < all.size(); i++) {
      if (all.get(i).kind() != DiffLine.Kind.CONTEXT) {
        for (int j = Math.max(0, i - context); j <= Math.min(all.size() - 1, i + context); j++) {
          keep[j] = true;
        }
      }
    }
    var shown = new ArrayList<DiffLine>();
    boolean gap = false;
    for (int i = 0; i < all.size(); i++) {
      if (keep[i]) {
        shown.add(all.get(i));
        gap = false;
      } else if (!gap) {
        shown.add(new DiffLine(DiffLine.Kind.GAP, -1, -1, "..."));
        gap = true;
      }
    }
    return shown;
  }
}
