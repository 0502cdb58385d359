package io.driftless.command.apply.wait;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

/** Reads an object's generation, status numbers and conditions as kapp's typed objects do. */
final class Status {

  private Status() {}

  static long generation(JsonNode object) {
    return object.path("metadata").path("generation").asLong(0);
  }

  static long observedGeneration(JsonNode object) {
    return object.path("status").path("observedGeneration").asLong(0);
  }

  /** A status number; absent is 0, as in the typed Go struct. */
  static long number(JsonNode object, String field) {
    return object.path("status").path(field).asLong(0);
  }

  /** The condition of that type, or a missing node. */
  static JsonNode condition(JsonNode object, String type) {
    for (var condition : object.path("status").path("conditions")) {
      if (type.equals(condition.path("type").asText())) {
        return condition;
      }
    }
    return MissingNode.getInstance();
  }

  /** Whether the condition of that type has status {@code value}. */
  static boolean conditionIs(JsonNode object, String type, String value) {
    return value.equals(condition(object, type).path("status").asText(null));
  }

  /** kapp's "Waiting for generation N to be observed" when the status lags, else null. */
  static WaitState generationLag(JsonNode object) {
    var generation = generation(object);
    return generation != observedGeneration(object)
        ? WaitState.ongoing("Waiting for generation " + generation + " to be observed")
        : null;
  }
}
