package io.driftless.query.subscription;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.EventEnvelope;
import io.driftless.events.Provenance;
import io.driftless.query.projection.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns a stored event into the CloudEvents it sends (none, one, or with a successful change's end
 * also a CDEvent), and keeps the app's {@link OutboxApp} up to date. Pure: no I/O.
 *
 * <p>CDEvents (spec 0.4): the app is the {@code service} (subject id {@code namespace/app}), its
 * namespace the environment, the change the artifact version ({@code
 * pkg:generic/<namespace>/<app>@<changeId>}). A successful deploy is {@code deployed} the first
 * time (or after the app was removed), {@code upgraded} afterwards; a rollback {@code rolledback};
 * a delete {@code removed}. Reconciles send none.
 */
final class CloudEventMapper {

  private static final ObjectMapper JSON = Json.mapper();

  private CloudEventMapper() {}

  /** The events {@code event} sends; {@code app} is the app's state, changed in place. */
  static List<OutgoingEvent> map(EventEnvelope event, OutboxApp app) {
    var name = EventTypes.SHORT_NAMES.get(event.type());
    if (name == null) {
      return List.of();
    }
    var data = (ObjectNode) JSON.valueToTree(event.payload());
    var out = new ArrayList<OutgoingEvent>();
    if (event.payload() instanceof AppChangeStarted started) {
      app.changeId = started.changeId();
      app.trigger = started.trigger() == null ? null : started.trigger().wireName();
      app.provenance = started.provenance();
      data.remove("desired");
      data.remove("kappConfigs");
    } else if (event.payload() instanceof AppChangeFinished finished) {
      var same = finished.changeId().equals(app.changeId);
      data.put("trigger", same ? app.trigger : null);
      data.set("provenance", JSON.valueToTree(provenance(same ? app.provenance : null)));
      cdEvent(event.eventId(), finished, same ? app.trigger : null, app).ifPresent(out::add);
    } else if (event.payload() instanceof AppDeleted) {
      app.deployed = false;
    }
    var appId = data.path("appId").asText(null);
    if (appId == null) {
      return List.of();
    }
    out.add(0, event(event, name, appId, data));
    return out;
  }

  private static Provenance provenance(Provenance known) {
    return known == null ? Provenance.unknown() : known;
  }

  private static OutgoingEvent event(
      EventEnvelope event, String name, String appId, ObjectNode data) {
    var body = JSON.createObjectNode();
    body.put("source", source(appId));
    body.put("type", EventTypes.cloudEventType(name));
    body.put("time", event.occurredAt().toString());
    var subject = data.path("changeId");
    if (subject.isTextual()) {
      body.put("subject", subject.asText());
    }
    body.put("datacontenttype", "application/json");
    body.set("data", data);
    return new OutgoingEvent(name, appId, event.eventId(), body);
  }

  private static Optional<OutgoingEvent> cdEvent(
      String eventId, AppChangeFinished finished, String trigger, OutboxApp app) {
    if (!finished.successful() || trigger == null) {
      return Optional.empty();
    }
    String name;
    if (ChangeTrigger.DEPLOY.wireName().equals(trigger)) {
      name = app.deployed ? "service.upgraded" : "service.deployed";
      app.deployed = true;
    } else if (ChangeTrigger.ROLLBACK.wireName().equals(trigger)) {
      name = "service.rolledback";
      app.deployed = true;
    } else if (ChangeTrigger.DELETE.wireName().equals(trigger)) {
      name = "service.removed";
      app.deployed = false;
    } else {
      return Optional.empty();
    }
    return Optional.of(new OutgoingEvent(name, finished.appId(), eventId, cdBody(finished, name)));
  }

  private static ObjectNode cdBody(AppChangeFinished finished, String name) {
    var slash = finished.appId().indexOf('/');
    var namespace = finished.appId().substring(0, slash);
    var source = source(finished.appId());
    var type = EventTypes.cdEventType(name);
    var cd = JSON.createObjectNode();
    var context = cd.putObject("context");
    context.put("specversion", "0.4.1");
    context.put("id", "");
    context.put("source", source);
    context.put("type", type);
    context.put("timestamp", finished.finishedAt().toString());
    var subject = cd.putObject("subject");
    subject.put("id", finished.appId());
    subject.put("source", source);
    subject.put("type", "service");
    var content = subject.putObject("content");
    content.putObject("environment").put("id", namespace).put("source", source);
    if (!name.equals("service.removed")) {
      content.put("artifactId", "pkg:generic/" + finished.appId() + "@" + finished.changeId());
    }
    var body = JSON.createObjectNode();
    body.put("source", source);
    body.put("type", type);
    body.put("time", finished.finishedAt().toString());
    body.put("subject", finished.changeId());
    body.put("datacontenttype", "application/json");
    body.set("data", cd);
    return body;
  }

  /** The CloudEvents source of an app's events. */
  static String source(String appId) {
    return "/driftless/apps/" + appId;
  }
}
