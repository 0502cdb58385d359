package io.driftless.command.app;

/**
 * The app is locked (a change freeze): a deploy or delete is refused ({@code 423 app_locked}), and
 * so is a second lock ({@code 409 app_locked}).
 */
public final class AppLockedException extends RuntimeException {

  private final transient AppLock lock;

  public AppLockedException(String appId, AppLock lock) {
    super("App " + appId + " is " + lock.describe() + ".");
    this.lock = lock;
  }

  /** The lock in force. */
  public AppLock lock() {
    return lock;
  }
}
