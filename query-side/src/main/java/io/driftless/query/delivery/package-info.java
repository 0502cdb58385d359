/**
 * How events reach the views: RabbitMQ consumers on a durable quorum queue with manual acks, a
 * retry path with growing delays (TTL queues dead-lettering back to the work queue) for events that
 * arrive before their predecessors, a parking queue for what cannot be applied, and the gap repair
 * that reads the missing events of an aggregate from the event store (read-only, through {@code
 * eventstore}). It knows nothing of rebuilds.
 */
package io.driftless.query.delivery;
