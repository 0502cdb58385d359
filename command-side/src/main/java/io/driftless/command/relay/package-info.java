/**
 * The event relay: an Axon tracking processor that hands every stored event, in store order, to an
 * {@link io.driftless.events.EventSink} (RabbitMQ, or the query side in-process). A batch's token
 * is committed only after the sink confirmed the whole batch, so delivery is at-least-once.
 */
package io.driftless.command.relay;
