package io.driftless.command.app;

import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Close a change left open by a crash, as failed. */
public record AbandonAppChange(
    @TargetAggregateIdentifier String appId, String changeId, String reason, Instant at) {}
