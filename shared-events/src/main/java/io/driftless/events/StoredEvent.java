package io.driftless.events;

import java.time.Instant;
import java.util.Objects;

/**
 * A stored event as the relay reads it: the envelope's fields, with the payload still in the JSON
 * form the event store holds. Events are stored with {@link EventCodec#newMapper()}, the mapper of
 * the wire, so those bytes are the wire payload as they are: the relay copies them into the message
 * body instead of reading the record and writing it again ({@link EventCodec#encode(StoredEvent)}).
 *
 * @param payloadJson the payload as UTF-8 JSON, exactly as stored
 */
public record StoredEvent(
    String eventId,
    String aggregateType,
    String aggregateId,
    long sequence,
    Instant occurredAt,
    String type,
    byte[] payloadJson)
    implements EnvelopeHeader {

  /** Checks the fields a message cannot do without. */
  public StoredEvent {
    Objects.requireNonNull(eventId, "eventId");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(payloadJson, "payloadJson");
    if (sequence < 0) {
      throw new IllegalArgumentException("sequence must be >= 0: " + sequence);
    }
  }

  /** The stored form of an envelope (its payload written as the store writes it). */
  public static StoredEvent of(EventEnvelope envelope) {
    return new StoredEvent(
        envelope.eventId(),
        envelope.aggregateType(),
        envelope.aggregateId(),
        envelope.sequence(),
        envelope.occurredAt(),
        envelope.type(),
        EventCodec.encodePayload(envelope.payload()));
  }

  /**
   * Reads the payload into its record.
   *
   * @throws MalformedEventException if the type is unknown or the JSON does not fit it
   */
  public EventEnvelope toEnvelope() {
    return new EventEnvelope(
        eventId,
        aggregateType,
        aggregateId,
        sequence,
        occurredAt,
        type,
        EventCodec.decodePayload(type, payloadJson));
  }
}
