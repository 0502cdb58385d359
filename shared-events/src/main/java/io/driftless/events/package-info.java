/**
 * The contract between the command side and the query side: the event records of the App and
 * ResourceChange aggregates, the wire envelope, the JSON codec and the AMQP message format.
 *
 * <p>This package knows nothing of Axon, Spring, RabbitMQ's client or Kubernetes. Records only
 * carry plain values (strings, numbers, maps and lists) and enums with one JSON string each ({@link
 * io.driftless.events.ChangeTrigger} by name, {@link io.driftless.events.GhostDiffPolicy} by its
 * wire name), so that any JSON library serialises them the same way. The formats both sides build
 * and read live here too: aggregate ids ({@link io.driftless.events.ResourceIds}) and change ids
 * ({@link io.driftless.events.ChangeIds}).
 */
package io.driftless.events;
