/**
 * The contract between the command side and the query side: the event records of the App and
 * ResourceChange aggregates, the wire envelope, the JSON codec and the AMQP message format.
 *
 * <p>This package knows nothing of Axon, Spring, RabbitMQ's client or Kubernetes. Records only
 * carry plain values (strings, numbers, maps and lists) so that any JSON library serialises them
 * the same way.
 */
package io.driftless.events;
