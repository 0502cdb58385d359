package io.driftless.sandbox.controllers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Status conditions as controllers write them: a condition that keeps its status keeps its
 * transition time, so a controller that finds nothing new writes nothing new.
 */
final class Conditions {

  private Conditions() {}

  static String now() {
    return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
  }

  /** Adds a condition to {@code conditions}, with times kept from {@code previous} if unchanged. */
  static ObjectNode add(
      ArrayNode conditions, JsonNode previous, String type, String reason, String message) {
    var condition = conditions.addObject();
    condition.put("type", type).put("status", "True");
    var old = find(previous, type);
    var kept = old != null && old.path("status").asText().equals("True");
    var time = kept ? old.path("lastTransitionTime").asText(now()) : now();
    condition.put("lastTransitionTime", time);
    if (!reason.isEmpty()) {
      condition.put("reason", reason);
    }
    if (!message.isEmpty()) {
      condition.put("message", message);
    }
    return condition;
  }

  /** The conditions without their times, to compare a status computed now with the stored one. */
  static JsonNode withoutTimes(JsonNode status) {
    var copy = status.deepCopy();
    if (copy instanceof ObjectNode object) {
      for (var condition : Nodes.objects(object, "conditions")) {
        condition.remove("lastTransitionTime");
        condition.remove("lastUpdateTime");
        condition.remove("lastProbeTime");
      }
    }
    return copy;
  }

  private static JsonNode find(JsonNode previous, String type) {
    for (var condition : previous.path("conditions")) {
      if (condition.path("type").asText().equals(type)) {
        return condition;
      }
    }
    return null;
  }
}
