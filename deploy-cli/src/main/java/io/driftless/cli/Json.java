package io.driftless.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;

/**
 * Reads the server's JSON answers into trees (and writes the few JSON bodies it sends); the CLI
 * binds no API types.
 */
final class Json {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private Json() {}

  /** The body as a JSON tree, or a missing node when it is not JSON. */
  static JsonNode readOrMissing(String body) {
    try {
      var node = MAPPER.readTree(body);
      return node == null ? MissingNode.getInstance() : node;
    } catch (JsonProcessingException e) {
      return MissingNode.getInstance();
    }
  }

  /** A request body (webhook subscriptions): a map or list as JSON. */
  static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not writable as JSON", e);
    }
  }

  /** The body as a JSON object; anything else is a failure the user sees. */
  static JsonNode readObject(String body) {
    var node = readOrMissing(body);
    if (!node.isObject()) {
      throw new CliFailure("the server's answer is not a JSON object: " + Text.abbreviate(body));
    }
    return node;
  }
}
