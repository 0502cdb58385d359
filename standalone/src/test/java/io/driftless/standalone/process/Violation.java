package io.driftless.standalone.process;

/**
 * A broken invariant of the outside-edit fuzz test, once per class of failure: the invariant, what
 * broke it (its message with numbers masked, so that one bug seen ten times is one class), where it
 * was first seen and how often.
 *
 * @param invariant the invariant's name, as the test's method says it
 * @param what the failure's class
 * @param firstStep the step of the first occurrence (-1: after the actions)
 * @param firstAction the action log's line of that step
 * @param detail the first occurrence's full message
 * @param count how many times it was seen
 */
record Violation(
    String invariant, String what, int firstStep, String firstAction, String detail, int count) {

  Violation seenAgain() {
    return new Violation(invariant, what, firstStep, firstAction, detail, count + 1);
  }

  /** A message with its numbers masked and cut to 160 characters: the class of a failure. */
  static String shape(String message) {
    var masked = message == null ? "null" : message.replaceAll("\\d+", "N").replaceAll("\\s+", " ");
    return masked.length() > 160 ? masked.substring(0, 160) + "..." : masked;
  }

  @Override
  public String toString() {
    return "[%s] %s (x%d; first at step %d: %s)%n      %s"
        .formatted(invariant, what, count, firstStep, firstAction, detail);
  }
}
