package io.driftless.events;

import java.time.Instant;

/**
 * A change freeze began: until {@link AppUnlocked}, deploys and deletes of the app are refused
 * ({@code 423 app_locked}); reconciles and rollbacks still run. It takes the app's next change
 * number, so it is a row of the app's history (trigger {@code lock}) like any change.
 *
 * @param appId {@code namespace/app}
 * @param changeId the id of this history row, numbered as the app's changes are
 * @param changeNumber the App's change counter after it
 * @param reason why (the request's {@code reason}), never blank
 * @param provenance who locked it, with which client
 * @param at when
 */
public record AppLocked(
    String appId,
    String changeId,
    long changeNumber,
    String reason,
    Provenance provenance,
    Instant at)
    implements AppEvent {}
