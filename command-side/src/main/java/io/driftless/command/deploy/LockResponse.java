package io.driftless.command.deploy;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.driftless.command.app.LockRecorded;
import java.time.Instant;

/**
 * The answer to {@code POST .../lock} and {@code DELETE .../lock}.
 *
 * @param app {@code namespace/app}
 * @param changeId the history row the lock or unlock took (trigger {@code lock} or {@code unlock})
 * @param locked true after a lock, false after an unlock
 * @param lockedBy who locked it (after an unlock: whose lock ended)
 * @param lockedAt when it was locked
 * @param reason the lock's reason
 * @param unlockedBy who unlocked it; only on an unlock's answer
 * @param unlockedAt when; only on an unlock's answer
 * @param eventPosition the event position once the event is stored ({@link EventPositionAdvice})
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record LockResponse(
    String app,
    String changeId,
    boolean locked,
    String lockedBy,
    Instant lockedAt,
    String reason,
    String unlockedBy,
    Instant unlockedAt,
    Long eventPosition) {

  static LockResponse locked(String appId, LockRecorded recorded) {
    var lock = recorded.lock();
    return new LockResponse(
        appId,
        recorded.changeId(),
        true,
        lock.lockedBy(),
        lock.lockedAt(),
        lock.reason(),
        null,
        null,
        null);
  }

  static LockResponse unlocked(String appId, LockRecorded recorded) {
    var lock = recorded.lock();
    return new LockResponse(
        appId,
        recorded.changeId(),
        false,
        lock.lockedBy(),
        lock.lockedAt(),
        lock.reason(),
        recorded.actor(),
        recorded.at(),
        null);
  }

  LockResponse withEventPosition(long position) {
    return new LockResponse(
        app, changeId, locked, lockedBy, lockedAt, reason, unlockedBy, unlockedAt, position);
  }
}
