package io.driftless.query.delivery;

import io.driftless.query.projection.ProjectionApplier;

/** What the consumers apply events with. */
public record DeliveryServices(
    ProjectionApplier applier, GapRepair repair, DeliveryMetrics metrics) {}
