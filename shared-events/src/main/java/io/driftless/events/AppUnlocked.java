package io.driftless.events;

import java.time.Instant;

/**
 * A change freeze ended (only its locker or an {@code admin} may end it). It takes the app's next
 * change number, so it is a row of the app's history (trigger {@code unlock}).
 *
 * @param appId {@code namespace/app}
 * @param changeId the id of this history row, numbered as the app's changes are
 * @param changeNumber the App's change counter after it
 * @param lockedBy the actor of the lock it ended
 * @param provenance who unlocked it
 * @param at when
 */
public record AppUnlocked(
    String appId,
    String changeId,
    long changeNumber,
    String lockedBy,
    Provenance provenance,
    Instant at)
    implements AppEvent {}
