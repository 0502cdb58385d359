package io.driftless.events;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import java.io.IOException;
import java.io.UncheckedIOException;

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

  /** Encodes just an event payload as a JSON tree. */
  public static ObjectNode toTree(DriftlessEvent event) {
    return MAPPER.valueToTree(event);
  }

  /**
   * Decodes an envelope.
   *
   * @throws MalformedEventException if the bytes are not JSON, a field is missing, or the type is
   *     not in the {@link EventCatalog}
   */
  public static EventEnvelope decode(byte[] json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (IOException e) {
      throw new MalformedEventException("body is not JSON: " + e.getMessage(), e);
    }
    if (root == null || !root.isObject()) {
      throw new MalformedEventException("body is not a JSON object", null);
    }
    var typeName = requiredText(root, "type");
    var type =
        EventCatalog.classOf(typeName)
            .orElseThrow(() -> new MalformedEventException("unknown event type " + typeName, null));
    try {
      var payload = MAPPER.treeToValue(required(root, "payload"), type);
      return new EventEnvelope(
          requiredText(root, "eventId"),
          requiredText(root, "aggregateType"),
          requiredText(root, "aggregateId"),
          required(root, "sequence").asLong(),
          MAPPER.treeToValue(required(root, "occurredAt"), java.time.Instant.class),
          typeName,
          payload);
    } catch (IOException | IllegalArgumentException e) {
      throw new MalformedEventException("cannot read " + typeName + ": " + e.getMessage(), e);
    }
  }

  private static JsonNode required(JsonNode root, String field) {
    var node = root.get(field);
    if (node == null || node.isNull()) {
      throw new MalformedEventException("field " + field + " is missing", null);
    }
    return node;
  }

  private static String requiredText(JsonNode root, String field) {
    return required(root, field).asText();
  }
}
