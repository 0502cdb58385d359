package io.driftless.events;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The JSON form of an {@link EventEnvelope}: an object with {@code eventId}, {@code aggregateType},
 * {@code aggregateId}, {@code sequence}, {@code occurredAt} (ISO-8601), {@code type} and {@code
 * payload} (the event record's fields). Decoding fails with {@link MalformedEventException} on
 * anything else, so a consumer can park the message with the reason.
 */
public final class EventCodec {

  private static final ObjectMapper MAPPER = newMapper();

  private EventCodec() {}

  /** The mapper Driftless uses for event JSON: ISO dates, enums by name, unknown fields ignored. */
  public static ObjectMapper newMapper() {
    return JsonMapper.builder()
        .addModule(new JavaTimeModule())
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .build();
  }

  /** Encodes an envelope as UTF-8 JSON. */
  public static byte[] encode(EventEnvelope envelope) {
    try {
      return MAPPER.writeValueAsBytes(envelope);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Encodes a stored event as UTF-8 JSON: the same bytes as {@link #encode(EventEnvelope)} of its
   * envelope, with the stored payload copied in as it is (not read and written again).
   */
  public static byte[] encode(StoredEvent event) {
    var out = new ByteArrayOutputStream(event.payloadJson().length + 256);
    try (var json = MAPPER.createGenerator(out)) {
      json.writeStartObject();
      json.writeStringField("eventId", event.eventId());
      json.writeStringField("aggregateType", event.aggregateType());
      json.writeStringField("aggregateId", event.aggregateId());
      json.writeNumberField("sequence", event.sequence());
      json.writeStringField("occurredAt", event.occurredAt().toString());
      json.writeStringField("type", event.type());
      json.writeFieldName("payload");
      json.writeRawValue(new String(event.payloadJson(), StandardCharsets.UTF_8));
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** Encodes just an event payload, as the event store holds it. */
  public static byte[] encodePayload(DriftlessEvent event) {
    try {
      return MAPPER.writeValueAsBytes(event);
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
    var type =
        EventCatalog.classOf(typeName)
            .orElseThrow(() -> new MalformedEventException("unknown event type " + typeName, null));
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
      var at = read(() -> java.time.Instant.parse(occurredAt));
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
      type =
          EventCatalog.classOf(name)
              .orElseThrow(() -> new MalformedEventException("unknown event type " + name, null));
    }
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
