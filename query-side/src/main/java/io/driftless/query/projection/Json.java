package io.driftless.query.projection;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.EventCodec;
import java.io.UncheckedIOException;

/** JSON columns of the views, written with the events' own mapper. */
public final class Json {

  private static final ObjectMapper MAPPER = EventCodec.newMapper();

  private Json() {}

  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static <T> T read(String json, Class<T> type) {
    try {
      return MAPPER.readValue(json, type);
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static ObjectMapper mapper() {
    return MAPPER;
  }
}
