package io.driftless.command.app;

import io.driftless.events.Provenance;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * End the change freeze ({@code DELETE .../lock}): recorded as {@code AppUnlocked} with the app's
 * next change number. Only the locker (the same actor) or an admin may: anyone else gets {@link
 * LockHeldByOtherException}; an app without a lock {@link NotLockedException}. The App answers what
 * it recorded ({@link LockRecorded}, with the lock that ended).
 *
 * @param provenance who asks
 * @param admin whether the caller holds the {@code admin} role
 */
public record UnlockApp(
    @TargetAggregateIdentifier String appId, Provenance provenance, boolean admin, Instant at) {}
