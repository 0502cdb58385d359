package io.driftless.command.app;

import io.driftless.events.ChangeTrigger;
import java.time.Instant;

/**
 * A change freeze in force on an app ({@code AppLocked} not yet followed by {@code AppUnlocked}).
 *
 * @param changeId the lock's own history row
 * @param lockedBy the actor who locked it
 * @param lockedAt when
 * @param reason why, as the locker wrote it
 */
public record AppLock(String changeId, String lockedBy, Instant lockedAt, String reason) {

  /**
   * Whether the lock refuses a change of this trigger: those a person asks for to change the app
   * (deploy, delete). A reconcile only puts back what was deployed, and a rollback is the way out
   * of a bad deploy during a freeze: both start as ever.
   */
  public boolean refuses(ChangeTrigger trigger) {
    return switch (trigger) {
      case DEPLOY, DELETE -> true;
      case RECONCILE, ROLLBACK, LOCK, UNLOCK -> false;
    };
  }

  /** {@code locked by <actor> since <time>: <reason>}, for messages. */
  public String describe() {
    return "locked by " + lockedBy + " since " + lockedAt + ": " + reason;
  }
}
