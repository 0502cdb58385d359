package io.driftless.command.app;

import io.driftless.events.OpCounts;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Finish the change in progress, successfully or not. */
public record FinishAppChange(
    @TargetAggregateIdentifier String appId,
    String changeId,
    boolean successful,
    String description,
    OpCounts ops,
    WaitCounts waits,
    String error,
    Instant at) {}
