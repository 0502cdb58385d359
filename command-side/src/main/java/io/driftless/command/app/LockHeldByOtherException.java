package io.driftless.command.app;

/**
 * An unlock by someone who is neither the locker nor an admin ({@code 403 forbidden}, naming the
 * locker).
 */
public final class LockHeldByOtherException extends RuntimeException {

  private final transient AppLock lock;

  public LockHeldByOtherException(String appId, AppLock lock, String actor) {
    super(
        "App "
            + appId
            + " is "
            + lock.describe()
            + "; only "
            + lock.lockedBy()
            + " or an admin may unlock it, not "
            + actor
            + ".");
    this.lock = lock;
  }

  /** The lock in force. */
  public AppLock lock() {
    return lock;
  }
}
