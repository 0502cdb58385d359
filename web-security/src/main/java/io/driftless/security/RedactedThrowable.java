package io.driftless.security;

/**
 * A stand-in for an exception whose message may quote request bytes: its message is the original's
 * class name and message through {@link RequestDataRedaction} (the log prints this class's name
 * first), with the original's stack trace and, the same way, its causes.
 */
final class RedactedThrowable extends Throwable {

  private static final int MAX_CAUSES = 10;

  private RedactedThrowable(String message, Throwable cause) {
    super(message, cause, false, true);
  }

  static Throwable of(Throwable original) {
    return of(original, 0);
  }

  private static Throwable of(Throwable original, int depth) {
    if (original == null) {
      return null;
    }
    var cause =
        depth < MAX_CAUSES && original.getCause() != original
            ? of(original.getCause(), depth + 1)
            : null;
    var copy =
        new RedactedThrowable(
            original.getClass().getName()
                + (original.getMessage() == null
                    ? ""
                    : ": " + RequestDataRedaction.redact(original.getMessage())),
            cause);
    copy.setStackTrace(original.getStackTrace());
    return copy;
  }
}
