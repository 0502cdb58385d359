package io.driftless.query.eventstore;

import io.driftless.events.EventEnvelope;

/**
 * An event with its place in the event store's global order (Axon's {@code global_index}).
 *
 * @param globalIndex the store's global index of the event
 * @param event the event
 */
public record IndexedEvent(long globalIndex, EventEnvelope event) {}
