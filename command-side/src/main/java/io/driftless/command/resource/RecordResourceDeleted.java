package io.driftless.command.resource;

import io.driftless.events.ResourceRef;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** Record that Driftless deleted an object (or found it gone). Rejected if it never applied it. */
public record RecordResourceDeleted(
    @TargetAggregateIdentifier String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    Instant at) {}
