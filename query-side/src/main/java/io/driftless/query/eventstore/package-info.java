/**
 * The command side's event store, read-only: the one room that knows Axon's {@code
 * domain_event_entry} table ({@link io.driftless.query.eventstore.EventStoreReader}). Gap repair
 * ({@code delivery}) reads one aggregate's events from it and a rebuild ({@code rebuild}) reads the
 * whole store in global order ({@link io.driftless.query.eventstore.IndexedEvent}); it knows
 * neither of them, nor RabbitMQ, nor the views.
 */
package io.driftless.query.eventstore;
