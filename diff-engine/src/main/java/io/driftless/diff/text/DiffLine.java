package io.driftless.diff.text;

/**
 * One line of a line diff.
 *
 * @param kind context, removed, added, or a gap between hunks
 * @param oldNumber the 0-based line number in the old text, -1 when none
 * @param newNumber the 0-based line number in the new text, -1 when none
 * @param text the line
 */
public record DiffLine(Kind kind, int oldNumber, int newNumber, String text) {

  /** What a line of a line diff is. */
  public enum Kind {
    /** Unchanged, shown for context. */
    CONTEXT,
    /** Only in the old text. */
    REMOVED,
    /** Only in the new text. */
    ADDED,
    /** Unchanged lines left out. */
    GAP
  }
}
