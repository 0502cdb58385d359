package io.driftless.command.app;

import io.driftless.events.Provenance;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Begin a change freeze ({@code POST .../lock}): recorded as {@code AppLocked} with the app's next
 * change number. Refused with {@link AppLockedException} while a lock is in force; allowed while a
 * change is in progress (that change runs on). The App answers what it recorded ({@link
 * LockRecorded}).
 *
 * @param reason why, never blank (the HTTP face checks it)
 * @param provenance who asks
 */
public record LockApp(
    @TargetAggregateIdentifier String appId, String reason, Provenance provenance, Instant at) {}
