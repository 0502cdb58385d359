package io.driftless.command.app;

import java.time.Instant;

/**
 * What a lock or an unlock recorded: its history row and the lock it began or ended.
 *
 * @param changeId the row's change id (the app's next change number)
 * @param lock the lock that began ({@link LockApp}) or ended ({@link UnlockApp})
 * @param actor who locked or unlocked
 * @param at when
 */
public record LockRecorded(String changeId, AppLock lock, String actor, Instant at) {}
