/**
 * The event relay: an Axon tracking processor that hands every stored event, in store order, to an
 * {@link io.driftless.events.EventSink} (RabbitMQ, or the query side in-process). A batch's token
 * is committed only after the sink confirmed the whole batch, so delivery is at-least-once. It
 * knows the events and Axon's store, no other package of the command side (checked by {@code
 * CommandArchitectureTest}).
 */
package io.driftless.command.relay;
