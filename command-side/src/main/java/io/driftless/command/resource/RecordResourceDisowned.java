package io.driftless.command.resource;

import io.driftless.events.ResourceRef;
import java.time.Instant;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Record that another app took over an object this app had applied. Rejected if this app does not
 * hold the object (never applied, deleted, or already taken over).
 *
 * @param resourceId the ResourceChange of the app that loses the object
 * @param appId the app that loses the object
 * @param changeId the change of the new owner that took it over
 * @param newOwnerApp the app id of the new owner
 */
public record RecordResourceDisowned(
    @TargetAggregateIdentifier String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    String newOwnerApp,
    Instant at) {}
