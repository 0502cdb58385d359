package io.driftless.query.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.OpCounts;
import io.driftless.events.Provenance;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CloudEventMapperTest {

  private static final Instant AT = Instant.parse("2026-11-27T10:00:00Z");
  private final OutboxApp app = OutboxApp.fresh();
  private long sequence;

  @Test
  void aFirstDeployIsDeployedThenUpgradedRolledBackAndRemovedAndAReconcileSendsNoCdEvent() {
    assertThat(change(ChangeTrigger.DEPLOY, true))
        .containsExactly("change.started", "change.finished", "service.deployed");
    assertThat(change(ChangeTrigger.DEPLOY, true)).endsWith("service.upgraded");
    assertThat(change(ChangeTrigger.RECONCILE, true))
        .containsExactly("change.started", "change.finished");
    assertThat(change(ChangeTrigger.DEPLOY, false))
        .containsExactly("change.started", "change.finished");
    assertThat(change(ChangeTrigger.ROLLBACK, true)).endsWith("service.rolledback");
    assertThat(change(ChangeTrigger.DELETE, true)).endsWith("service.removed");
    map(new AppDeleted("ns/app", "c", AT));
    assertThat(change(ChangeTrigger.DEPLOY, true)).endsWith("service.deployed");
  }

  @Test
  void changeFinishedCarriesTheTriggerAndProvenanceOfItsStartAndTheCdEventItsShape() {
    var events = new ArrayList<OutgoingEvent>();
    events.addAll(map(started("c1", ChangeTrigger.DEPLOY)));
    events.addAll(map(finished("c1", true)));

    var finished = events.get(1).bodyFor("sub-1");
    assertThat(finished.path("type").asText()).isEqualTo("io.driftless.change.finished.v1");
    assertThat(finished.path("source").asText()).isEqualTo("/driftless/apps/ns/app");
    assertThat(finished.path("subject").asText()).isEqualTo("c1");
    assertThat(finished.path("data").path("trigger").asText()).isEqualTo("deploy");
    assertThat(finished.path("data").path("provenance").path("actor").asText()).isEqualTo("ci");
    assertThat(finished.path("data").path("provenance").path("meta").path("git.commit").asText())
        .isEqualTo("abc");
    var cd = events.get(2).bodyFor("sub-1");
    assertThat(cd.path("type").asText()).isEqualTo("dev.cdevents.service.deployed.0.2.0");
    assertThat(cd.path("data").path("context").path("id").asText())
        .isEqualTo(cd.path("id").asText());
    assertThat(cd.path("data").path("subject").path("content").path("artifactId").asText())
        .isEqualTo("pkg:generic/ns/app@c1");
    assertThat(events.get(0).bodyFor("sub-1").path("data").has("desired")).isFalse();
  }

  @Test
  void anEventsIdIsStablePerSubscriptionAndDiffersBetweenSubscriptionsAndKinds() {
    map(started("c1", ChangeTrigger.DEPLOY));
    var out = map(finished("c1", true));

    assertThat(out.get(0).idFor("a")).isEqualTo(out.get(0).idFor("a"));
    assertThat(out.get(0).idFor("a")).isNotEqualTo(out.get(0).idFor("b"));
    assertThat(out.get(0).idFor("a")).isNotEqualTo(out.get(1).idFor("a"));
    assertThat(out.get(0).bodyFor("a").path("id").asText()).isEqualTo(out.get(0).idFor("a"));
  }

  @Test
  void driftEventsGoOutAsDriftDetectedAndCorrectedWithTheAppAsSourceAndTheChangeAsSubject() {
    var ref = new io.driftless.events.ResourceRef("apps/v1", "Deployment", "ns", "web");
    var detected =
        new io.driftless.events.DriftDetected(
            "ns/app/apps/Deployment/ns/web", "ns/app", "c1", ref, List.of(), AT);
    var corrected =
        new io.driftless.events.DriftCorrected(
            "ns/app/apps/Deployment/ns/web", "ns/app", "c2", ref, List.of("spec.replicas"), AT);

    var out = new ArrayList<OutgoingEvent>();
    out.addAll(CloudEventMapper.map(EventEnvelope.of("d1", 3, AT, detected), OutboxApp.fresh()));
    out.addAll(CloudEventMapper.map(EventEnvelope.of("d2", 4, AT, corrected), OutboxApp.fresh()));

    assertThat(out)
        .extracting(OutgoingEvent::name)
        .containsExactly("drift.detected", "drift.corrected");
    var body = out.get(1).bodyFor("s");
    assertThat(body.path("type").asText()).isEqualTo("io.driftless.drift.corrected.v1");
    assertThat(body.path("source").asText()).isEqualTo("/driftless/apps/ns/app");
    assertThat(body.path("subject").asText()).isEqualTo("c2");
    assertThat(body.path("data").path("paths").get(0).asText()).isEqualTo("spec.replicas");
  }

  @Test
  void subscriptionTypesMatchShortNamesCdEventsAndEverything() {
    assertThat(EventTypes.matches(java.util.Set.of("*"), "change.started")).isTrue();
    assertThat(EventTypes.matches(java.util.Set.of("cdevents"), "service.removed")).isTrue();
    assertThat(EventTypes.matches(java.util.Set.of("cdevents"), "change.finished")).isFalse();
    assertThat(EventTypes.matches(java.util.Set.of("change.finished"), "change.started")).isFalse();
    assertThat(EventTypes.accepted()).contains("drift.detected", "drift.corrected");
  }

  private List<String> change(ChangeTrigger trigger, boolean successful) {
    var id = "c" + sequence;
    var names = new ArrayList<String>();
    map(started(id, trigger)).forEach(e -> names.add(e.name()));
    map(finished(id, successful)).forEach(e -> names.add(e.name()));
    return names;
  }

  private List<OutgoingEvent> map(DriftlessEvent payload) {
    return CloudEventMapper.map(EventEnvelope.of("e" + sequence, sequence++, AT, payload), app);
  }

  private static AppChangeStarted started(String change, ChangeTrigger trigger) {
    return new AppChangeStarted(
        "ns/app",
        change,
        1,
        trigger,
        AT,
        List.of("ns"),
        Map.of("k", "v"),
        OpCounts.none(),
        WaitCounts.none(),
        "update",
        null,
        null,
        null,
        new Provenance("ci", "cli", "release", Map.of("git.commit", "abc")),
        null);
  }

  private static AppChangeFinished finished(String change, boolean successful) {
    return new AppChangeFinished(
        "ns/app", change, successful, "update", OpCounts.none(), WaitCounts.none(), AT, null);
  }
}
