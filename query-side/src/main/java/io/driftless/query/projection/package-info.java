/**
 * The version check that makes every view equal to the sequential fold of the event store: a {@link
 * io.driftless.query.projection.Projection} changes its tables only for the next event of each
 * source aggregate, in the same transaction that advances that aggregate's offset. It knows nothing
 * of how events arrive (RabbitMQ, in-process, replay).
 */
package io.driftless.query.projection;
