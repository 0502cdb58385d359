package io.driftless.command.apply.wait;

/**
 * What one look at an object says, kapp's {@code DoneApplyState}: not done yet (with what it waits
 * for), done and successful, or done and failed (with the reason).
 *
 * @param message kapp's wording ("Waiting for generation 2 to be observed"), {@code ""} when none
 */
public record WaitState(boolean done, boolean successful, String message) {

  /** Converged. */
  public static WaitState ok() {
    return new WaitState(true, true, "");
  }

  /** Converged, with a note (a Job's "Completed"). */
  public static WaitState ok(String message) {
    return new WaitState(true, true, message);
  }

  /** Still waiting for {@code message}. */
  public static WaitState ongoing(String message) {
    return new WaitState(false, false, message);
  }

  /** Finished, unsuccessfully: the object will not converge by itself. */
  public static WaitState failed(String message) {
    return new WaitState(true, false, message);
  }

  /** kapp's state word: {@code ok}, {@code fail} or {@code ongoing}. */
  public String word() {
    return !done ? "ongoing" : successful ? "ok" : "fail";
  }
}
