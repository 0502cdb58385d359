package io.driftless.events;

import java.time.Instant;
import java.util.Objects;

/**
 * One stored event as it travels: the wire envelope of DESIGN.md.
 *
 * @param eventId the event's unique id (a UUID string); also the AMQP message-id
 * @param aggregateType {@code App} or {@code ResourceChange}
 * @param aggregateId the aggregate's id
 * @param sequence the aggregate sequence number: 0-based, gap-free per aggregate
 * @param occurredAt when the event was stored
 * @param type the event's wire name (see {@link EventCatalog})
 * @param payload the event itself
 */
public record EventEnvelope(
    String eventId,
    String aggregateType,
    String aggregateId,
    long sequence,
    Instant occurredAt,
    String type,
    DriftlessEvent payload)
    implements EnvelopeHeader {

  /** Checks the envelope is consistent with its payload. */
  public EventEnvelope {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(payload, "payload");
    if (sequence < 0) {
      throw new IllegalArgumentException("sequence must be >= 0: " + sequence);
    }
  }

  /** Wraps an event, deriving type, aggregate type and aggregate id from the payload. */
  public static EventEnvelope of(
      String eventId, long sequence, Instant occurredAt, DriftlessEvent payload) {
    var type = payload.getClass();
    return new EventEnvelope(
        eventId,
        EventCatalog.aggregateTypeOf(type),
        payload.aggregateId(),
        sequence,
        occurredAt,
        EventCatalog.typeName(type),
        payload);
  }
}
