package io.driftless.events;

import java.time.Instant;

/**
 * The fields of DESIGN.md's wire envelope other than the payload: what the AMQP properties, headers
 * and routing key are made of. Both forms of an event in flight have them: {@link EventEnvelope}
 * (payload as a record) and {@link StoredEvent} (payload as its stored JSON).
 */
public interface EnvelopeHeader {

  /** The event's unique id (a UUID string); also the AMQP message-id. */
  String eventId();

  /** {@code App} or {@code ResourceChange}. */
  String aggregateType();

  /** The aggregate's id. */
  String aggregateId();

  /** The aggregate sequence number: 0-based, gap-free per aggregate. */
  long sequence();

  /** When the event was stored. */
  Instant occurredAt();

  /** The event's wire name (see {@link EventCatalog}). */
  String type();
}
