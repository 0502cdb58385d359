package io.driftless.events;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * The JSON form of an {@link EventEnvelope}: an object with {@code eventId}, {@code aggregateType},
 * {@code aggregateId}, {@code sequence}, {@code occurredAt} (ISO-8601), {@code type} and {@code
 * payload} (the event record's fields). Decoding fails with {@link MalformedEventException} on
 * anything else, so a consumer can park the message with the reason.
 */
public final class EventCodec {

  private static final ObjectMapper MAPPER = newMapper();
  private static final JsonStringEncoder QUOTE = JsonStringEncoder.getInstance();
  private static final byte[] EVENT_ID = ascii("{\"eventId\":\"");
  private static final byte[] AGGREGATE_TYPE = ascii("\",\"aggregateType\":\"");
  private static final byte[] AGGREGATE_ID = ascii("\",\"aggregateId\":\"");
  private static final byte[] SEQUENCE = ascii("\",\"sequence\":");
  private static final byte[] OCCURRED_AT = ascii(",\"occurredAt\":\"");
  private static final byte[] TYPE = ascii("\",\"type\":\"");
  private static final byte[] PAYLOAD = ascii("\",\"payload\":");

  private EventCodec() {}

  /** The mapper Driftless uses for event JSON: ISO dates, enums by name, unknown fields ignored. */
  public static ObjectMapper newMapper() {
    return JsonMapper.builder()
        .addModule(new JavaTimeModule())
        // Registered later, so it goes first: ISO-8601 UTC strings read by hand (Instants).
        .addModule(
            new SimpleModule("driftless-instants")
                .addDeserializer(Instant.class, new Instants.Deserializer()))
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();
  }

  /** Encodes an envelope as UTF-8 JSON. */
  public static byte[] encode(EventEnvelope envelope) {
    return write(envelope);
  }

  /**
   * Encodes a stored event as UTF-8 JSON: the same JSON as {@link #encode(EventEnvelope)} of its
   * envelope (the same bytes, unless a string holds characters beyond the BMP, which this writes as
   * UTF-8 where Jackson's generator escapes them), with the stored payload copied in as it is.
   */
  public static byte[] encode(StoredEvent event) {
    // Written by hand: a generator per message and a String copy of the payload cost a third of
    // the relay's encoding. Strings are escaped by Jackson's own encoder, as its generator does.
    var out = new ByteArrayOutputStream(event.payloadJson().length + 320);
    out.writeBytes(EVENT_ID);
    out.writeBytes(QUOTE.quoteAsUTF8(event.eventId()));
    out.writeBytes(AGGREGATE_TYPE);
    out.writeBytes(QUOTE.quoteAsUTF8(event.aggregateType()));
    out.writeBytes(AGGREGATE_ID);
    out.writeBytes(QUOTE.quoteAsUTF8(event.aggregateId()));
    out.writeBytes(SEQUENCE);
    out.writeBytes(ascii(Long.toString(event.sequence())));
    out.writeBytes(OCCURRED_AT);
    out.writeBytes(ascii(event.occurredAt().toString()));
    out.writeBytes(TYPE);
    out.writeBytes(QUOTE.quoteAsUTF8(event.type()));
    out.writeBytes(PAYLOAD);
    out.writeBytes(event.payloadJson());
    out.write('}');
    return out.toByteArray();
  }

  private static byte[] ascii(String text) {
    return text.getBytes(StandardCharsets.US_ASCII);
  }

  /** Encodes just an event payload, as the event store holds it. */
  public static byte[] encodePayload(DriftlessEvent event) {
    return write(event);
  }

  private static byte[] write(Object value) {
    try {
      return MAPPER.writeValueAsBytes(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Decodes just an event payload of the given wire type.
   *
   * @throws MalformedEventException if the type is unknown or the JSON does not fit it
   */
  public static DriftlessEvent decodePayload(String typeName, byte[] json) {
    var type = classOf(typeName);
    try {
      return MAPPER.readValue(json, type);
    } catch (IOException | IllegalArgumentException e) {
      throw new MalformedEventException("cannot read " + typeName + ": " + e.getMessage(), e);
    }
  }

  /** Encodes just an event payload as a JSON tree. */
  public static ObjectNode toTree(DriftlessEvent event) {
    return MAPPER.valueToTree(event);
  }

  /**
   * Decodes an envelope in one pass over the bytes: the payload is read straight into its record
   * when {@code type} comes before it (as {@link #encode} writes it), and through a tree otherwise.
   *
   * @throws MalformedEventException if the bytes are not JSON, a field is missing, or the type is
   *     not in the {@link EventCatalog}
   */
  public static EventEnvelope decode(byte[] json) {
    try (var parser = MAPPER.createParser(json)) {
      if (parser.nextToken() != JsonToken.START_OBJECT) {
        throw new MalformedEventException("body is not a JSON object", null);
      }
      var fields = new Fields();
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        var name = parser.currentName();
        var token = parser.nextToken();
        if (token == JsonToken.VALUE_NULL) {
          continue;
        }
        switch (name) {
          case "eventId" -> fields.eventId = scalar(parser, name);
          case "aggregateType" -> fields.aggregateType = scalar(parser, name);
          case "aggregateId" -> fields.aggregateId = scalar(parser, name);
          case "sequence" -> fields.sequence = Long.valueOf(scalar(parser, name));
          case "occurredAt" -> fields.occurredAt = scalar(parser, name);
          case "type" -> fields.typeOf(scalar(parser, name));
          case "payload" -> fields.readPayload(parser);
          default -> parser.skipChildren();
        }
      }
      return fields.envelope();
    } catch (MalformedEventException e) {
      throw e;
    } catch (IOException | IllegalArgumentException | java.time.DateTimeException e) {
      throw new MalformedEventException("body is not JSON: " + e.getMessage(), e);
    }
  }

  /** The envelope's fields as they come; checked when the object ends. */
  private static final class Fields {
    private String eventId;
    private String aggregateType;
    private String aggregateId;
    private Long sequence;
    private String occurredAt;
    private String typeName;
    private Class<? extends DriftlessEvent> type;
    private DriftlessEvent payload;
    private JsonNode payloadTree;

    void readPayload(JsonParser parser) throws IOException {
      if (type != null) {
        payload = read(() -> MAPPER.readValue(parser, type));
      } else {
        payloadTree = MAPPER.readTree(parser);
      }
    }

    EventEnvelope envelope() {
      present(eventId, "eventId");
      present(aggregateType, "aggregateType");
      present(aggregateId, "aggregateId");
      present(sequence, "sequence");
      present(occurredAt, "occurredAt");
      present(typeName, "type");
      if (payload == null && payloadTree != null) {
        payload = read(() -> MAPPER.treeToValue(payloadTree, type));
      }
      present(payload, "payload");
      var at = read(() -> Instants.parse(occurredAt));
      return new EventEnvelope(
          eventId, aggregateType, aggregateId, sequence, at, typeName, payload);
    }

    private <T> T read(IoSupplier<T> reader) {
      try {
        return reader.get();
      } catch (IOException | IllegalArgumentException | java.time.DateTimeException e) {
        throw new MalformedEventException("cannot read " + typeName + ": " + e.getMessage(), e);
      }
    }

    void typeOf(String name) {
      typeName = name;
      type = classOf(name);
    }
  }

  private static Class<? extends DriftlessEvent> classOf(String typeName) {
    return EventCatalog.classOf(typeName)
        .orElseThrow(() -> new MalformedEventException("unknown event type " + typeName, null));
  }

  private interface IoSupplier<T> {
    T get() throws IOException;
  }

  private static String scalar(JsonParser parser, String field) throws IOException {
    if (!parser.currentToken().isScalarValue()) {
      throw new MalformedEventException("field " + field + " is not a value", null);
    }
    return parser.getValueAsString();
  }

  private static <T> T present(T value, String field) {
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  private static MalformedEventException missing(String field) {
    return new MalformedEventException("field " + field + " is missing", null);
  }
}
