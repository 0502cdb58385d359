package io.driftless.query.subscription;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * One CloudEvent to send, before it is addressed to a subscription.
 *
 * @param name the short name subscriptions filter on ({@code change.finished}, {@code
 *     service.deployed})
 * @param appId the app, {@code namespace/app}: deliveries are ordered per subscription and app
 * @param sourceEventId the stored event's id
 * @param cloudEvent the CloudEvent without its {@code id} (and for a CDEvent, without the CDEvent's
 *     context id)
 */
record OutgoingEvent(String name, String appId, String sourceEventId, ObjectNode cloudEvent) {

  /**
   * The id of this event for one subscription: stable (a retry or a redelivery repeats it), unique
   * per stored event, kind and subscription.
   */
  String idFor(String subscriptionId) {
    var key = subscriptionId + "/" + sourceEventId + "/" + name;
    return UUID.nameUUIDFromBytes(key.getBytes(StandardCharsets.UTF_8)).toString();
  }

  /** The CloudEvent as sent to one subscription. */
  ObjectNode bodyFor(String subscriptionId) {
    var id = idFor(subscriptionId);
    var body = cloudEvent.deepCopy();
    var ordered = body.objectNode();
    ordered.put("specversion", "1.0");
    ordered.put("id", id);
    ordered.setAll(body);
    if (ordered.path("data").path("context").isObject()) {
      ((ObjectNode) ordered.get("data").get("context")).put("id", id);
    }
    return ordered;
  }
}
