/**
 * The version check that makes every view equal to the sequential fold of the event store: a {@link
 * io.driftless.query.projection.Projection} changes its tables only for the next event of each
 * source aggregate, in the same transaction that advances that aggregate's offset. It knows nothing
 * of how events arrive (RabbitMQ, in-process, replay). A view says what it is (name, tables, the
 * types it follows and handles) with one {@link io.driftless.query.projection.ViewIdentity}.
 */
package io.driftless.query.projection;
