package io.driftless.command.resource;

import io.driftless.events.ResourceRef;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Record that the cluster refused or failed an operation on an object. */
public record RecordApplyFailed(
    @TargetAggregateIdentifier String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    String op,
    String reason,
    Instant at) {}
