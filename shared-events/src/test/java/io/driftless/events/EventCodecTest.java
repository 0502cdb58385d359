package io.driftless.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class EventCodecTest {

  private static final Instant AT = Instant.parse("2026-11-21T10:15:30.123Z");
  private static final String APP = "default/simple-app";
  private static final ResourceRef DEPLOYMENT =
      new ResourceRef("apps/v1", "Deployment", "default", "simple-app");
  private static final String RESOURCE = ResourceIds.resourceId(APP, DEPLOYMENT);

  static Stream<DriftlessEvent> everyEventType() {
    var fields =
        List.of(
            new FieldChange("spec.replicas", 1, 2, "desired"),
            new FieldChange("spec.template", Map.of("a", List.of("b")), null, "desired"));
    var applied = Map.<String, Object>of("apiVersion", "apps/v1", "spec", Map.of("replicas", 2));
    return Stream.of(
        new AppChangeStarted(
            APP,
            "simple-app-change-000001",
            1,
            ChangeTrigger.DEPLOY,
            AT,
            List.of("default"),
            Map.of("apps/Deployment/default/simple-app", "sha256:ab"),
            new OpCounts(2, 0, 0, 0, 0),
            new WaitCounts(2, 0, 0),
            "update: Op: 2 create"),
        new AppChangeStarted(
            APP,
            "simple-app-change-000002",
            2,
            ChangeTrigger.RECONCILE,
            AT,
            List.of("default"),
            Map.of("apps/Deployment/default/simple-app", "sha256:ab"),
            new OpCounts(0, 0, 1, 0, 0),
            new WaitCounts(1, 0, 0),
            "update: Op: 0 create, 0 delete, 1 update",
            "PT1M",
            GhostDiffPolicy.YIELD,
            "[{\"apiVersion\":\"kapp.k14s.io/v1alpha1\",\"kind\":\"Config\"}]"),
        new AppChangeFinished(
            APP,
            "simple-app-change-000001",
            false,
            "update: Op: 2 create",
            new OpCounts(2, 0, 0, 0, 0),
            new WaitCounts(2, 0, 0),
            AT,
            "cluster refused"),
        new AppDeleted(APP, "simple-app-change-000002", AT),
        new AppLocked(
            APP,
            "simple-app-change-000003",
            3,
            "incident 42",
            new Provenance("alice", "driftless-cli/0.1.0", null, Map.of()),
            AT),
        new AppUnlocked(
            APP,
            "simple-app-change-000004",
            4,
            "alice",
            new Provenance("bob", null, "all clear", Map.of("git.ref", "main")),
            AT),
        new ResourceCreated(
            RESOURCE, APP, "c1", DEPLOYMENT, applied, "sha256:01", "17", 1, fields, AT),
        new ResourceUpdated(
            RESOURCE, APP, "c2", DEPLOYMENT, applied, "sha256:02", "18", 2, fields, AT),
        new ResourceUpdated(
            RESOURCE,
            APP,
            "c2",
            DEPLOYMENT,
            applied,
            "sha256:02",
            "18",
            2,
            fields,
            AT,
            new SealedObject("k1", "bm9uY2U=", "Y2lwaGVydGV4dA==")),
        new ResourceDeleted(RESOURCE, APP, "c3", DEPLOYMENT, AT),
        new ResourceApplyFailed(RESOURCE, APP, "c4", DEPLOYMENT, "update", "409 Conflict", AT),
        new ResourceDisowned(
            RESOURCE, APP, "other-app-change-000003", DEPLOYMENT, "default/other-app", AT),
        new GhostDiffDetected(
            RESOURCE,
            APP,
            "c5",
            DEPLOYMENT,
            "spec.replicas",
            2,
            5,
            2,
            "apiVersion: kapp.k14s.io/v1alpha1\nkind: Config\n",
            "report",
            AT),
        new GhostDiffYielded(RESOURCE, APP, "c6", DEPLOYMENT, "spec.replicas", 5, AT),
        new DriftDetected(
            RESOURCE,
            APP,
            "c1",
            DEPLOYMENT,
            List.of(new FieldChange("spec.replicas", 5, 2, "desired", "kubectl-edit")),
            AT),
        new DriftCorrected(RESOURCE, APP, "c7", DEPLOYMENT, List.of("spec.replicas"), AT));
  }

  @Test
  void everyCatalogTypeIsCoveredByTheRoundTrip() {
    List<Class<?>> covered = everyEventType().<Class<?>>map(Object::getClass).distinct().toList();
    assertThat(covered).containsExactlyInAnyOrderElementsOf(List.copyOf(EventCatalog.types()));
  }

  @ParameterizedTest
  @MethodSource("everyEventType")
  void envelopeSurvivesJsonRoundTrip(DriftlessEvent event) {
    var envelope = EventEnvelope.of("6f1c1b9e-0000-4000-8000-000000000001", 7, AT, event);

    var decoded = EventCodec.decode(EventCodec.encode(envelope));

    assertThat(decoded).isEqualTo(envelope);
    assertThat(decoded.payload()).isInstanceOf(event.getClass());
  }

  @ParameterizedTest
  @MethodSource("everyEventType")
  void storedFormEncodesToTheEnvelopesExactBytes(DriftlessEvent event) {
    var envelope = EventEnvelope.of("6f1c1b9e-0000-4000-8000-000000000002", 3, AT, event);

    var stored = StoredEvent.of(envelope);

    assertThat(new String(EventCodec.encode(stored), StandardCharsets.UTF_8))
        .isEqualTo(new String(EventCodec.encode(envelope), StandardCharsets.UTF_8));
    assertThat(stored.toEnvelope()).isEqualTo(envelope);
  }

  @Test
  void storedFormEscapesStringsAsTheMapperDoes() throws Exception {
    var odd = "ns/\"quoted\" \\ back/slash\t\u0001 caf\u00e9 \u2603 \ud83d\ude00/x";
    var envelope =
        new EventEnvelope(
            "id-\"1\"", "App", odd, 12, AT, "AppDeleted", new AppDeleted(odd, "c\n1", AT));

    var mapper = EventCodec.newMapper();
    var body = EventCodec.encode(StoredEvent.of(envelope));

    // The same JSON (the generator escapes a surrogate pair where this writes its UTF-8 bytes).
    assertThat(mapper.readTree(body)).isEqualTo(mapper.readTree(EventCodec.encode(envelope)));
    assertThat(EventCodec.decode(body)).isEqualTo(envelope);
  }

  @Test
  void storedPayloadIsCopiedNotRewritten() {
    // Bytes the mapper would never write itself (spaces, field order): copied as they are.
    var payload =
        "{ \"appId\" : \"default/a\", \"changeId\":\"c\", \"deletedAt\":\"%s\" }".formatted(AT);
    var stored =
        new StoredEvent(
            "id",
            "App",
            "default/a",
            4,
            AT,
            "AppDeleted",
            payload.getBytes(StandardCharsets.UTF_8));

    var body = new String(EventCodec.encode(stored), StandardCharsets.UTF_8);

    assertThat(body).contains("\"payload\":" + payload + "}");
    assertThat(EventCodec.decode(body.getBytes(StandardCharsets.UTF_8)).payload())
        .isEqualTo(new AppDeleted("default/a", "c", AT));
  }

  @Test
  void aDeleteStoredBeforeOrphaningExistedReadsAsARealDelete() {
    var json =
        "{\"resourceId\":\"r\",\"appId\":\"a\",\"changeId\":\"c\",\"resource\":{\"apiVersion\":"
            + "\"v1\",\"kind\":\"ConfigMap\",\"namespace\":\"default\",\"name\":\"x\"},"
            + "\"at\":\"2026-11-21T10:00:00Z\"}";

    var event = (ResourceDeleted) EventCodec.decodePayload("ResourceDeleted", json.getBytes());

    assertThat(event.orphaned()).isFalse();
    assertThat(event.resource().name()).isEqualTo("x");
  }

  /** Stores written before sealed Secrets existed: no field, read as null (no upcaster needed). */
  @Test
  void anApplyStoredBeforeSealedContentExistedReadsWithoutIt() {
    var json =
        "{\"resourceId\":\"r\",\"appId\":\"a\",\"changeId\":\"c\",\"resource\":{\"apiVersion\":"
            + "\"v1\",\"kind\":\"Secret\",\"namespace\":\"default\",\"name\":\"x\"},"
            + "\"applied\":{\"kind\":\"Secret\"},\"appliedHash\":\"sha256:01\","
            + "\"resourceVersion\":\"3\",\"generation\":0,\"fields\":[],"
            + "\"at\":\"2026-11-21T10:00:00Z\"}";

    var created = (ResourceCreated) EventCodec.decodePayload("ResourceCreated", json.getBytes());
    var updated = (ResourceUpdated) EventCodec.decodePayload("ResourceUpdated", json.getBytes());

    assertThat(created.sealedDesired()).isNull();
    assertThat(updated.sealedDesired()).isNull();
    assertThat(created.appliedHash()).isEqualTo("sha256:01");
  }

  @Test
  void anApplyWithoutSealedContentWritesNoSuchField() throws Exception {
    var event =
        new ResourceCreated(
            "r", APP, "c1", DEPLOYMENT, Map.of(), "sha256:01", "17", 1, List.of(), AT);

    assertThat(EventCodec.newMapper().writeValueAsString(event)).doesNotContain("sealedDesired");
  }

  @Test
  void storedPayloadOfAnUnknownTypeIsMalformed() {
    var stored = new StoredEvent("id", "App", "a", 0, AT, "AppRenamed", "{}".getBytes());

    assertThatThrownBy(stored::toEnvelope)
        .isInstanceOf(MalformedEventException.class)
        .hasMessageContaining("unknown event type AppRenamed");
  }

  @ParameterizedTest
  @MethodSource("everyEventType")
  void envelopeNamesTypeAndAggregateFromPayload(DriftlessEvent event) {
    var envelope = EventEnvelope.of("id", 0, AT, event);

    assertThat(envelope.type()).isEqualTo(event.getClass().getSimpleName());
    assertThat(envelope.aggregateId()).isEqualTo(event instanceof AppEvent ? APP : RESOURCE);
    assertThat(envelope.aggregateType())
        .isEqualTo(event instanceof AppEvent ? "App" : "ResourceChange");
  }

  @Test
  void wireFormatUsesIsoTimesAndNamedFields() {
    var envelope = EventEnvelope.of("id-1", 3, AT, new AppDeleted(APP, "c9", AT));

    var json = new String(EventCodec.encode(envelope), StandardCharsets.UTF_8);

    assertThat(json)
        .contains("\"eventId\":\"id-1\"")
        .contains("\"sequence\":3")
        .contains("\"occurredAt\":\"2026-11-21T10:15:30.123Z\"")
        .contains("\"type\":\"AppDeleted\"")
        .contains("\"payload\":{\"appId\":\"default/simple-app\"");
  }

  @Test
  void unknownTypeIsMalformed() {
    var json =
        "{\"eventId\":\"x\",\"aggregateType\":\"App\",\"aggregateId\":\"a/b\",\"sequence\":0,"
            + "\"occurredAt\":\"2026-11-21T10:15:30Z\",\"type\":\"Nope\",\"payload\":{}}";

    assertThatThrownBy(() -> EventCodec.decode(json.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(MalformedEventException.class)
        .hasMessageContaining("unknown event type Nope");
  }

  @Test
  void bodyThatIsNotJsonIsMalformed() {
    assertThatThrownBy(() -> EventCodec.decode("{nope".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(MalformedEventException.class)
        .hasMessageContaining("not JSON");
  }

  @Test
  void payloadBeforeTypeIsReadToo() {
    var json =
        "{\"payload\":{\"appId\":\"a/b\",\"changeId\":\"a/b-change-3\","
            + "\"deletedAt\":\"2026-11-21T10:15:30Z\"},\"sequence\":4,\"type\":\"AppDeleted\","
            + "\"eventId\":\"e-1\",\"aggregateType\":\"App\",\"aggregateId\":\"a/b\","
            + "\"extra\":{\"ignored\":[1,2]},\"occurredAt\":\"2026-11-21T10:15:30Z\"}";

    var decoded = EventCodec.decode(json.getBytes(StandardCharsets.UTF_8));

    assertThat(decoded.type()).isEqualTo("AppDeleted");
    assertThat(decoded.sequence()).isEqualTo(4);
    assertThat(decoded.payload()).isInstanceOf(AppDeleted.class);
    assertThat(((AppDeleted) decoded.payload()).changeId()).isEqualTo("a/b-change-3");
  }

  @Test
  void envelopeFieldThatIsNotAValueIsMalformed() {
    var json = "{\"eventId\":{\"x\":1},\"type\":\"AppDeleted\",\"payload\":{}}";

    assertThatThrownBy(() -> EventCodec.decode(json.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(MalformedEventException.class)
        .hasMessageContaining("eventId");
  }

  @Test
  void missingEnvelopeFieldIsMalformed() {
    var json = "{\"type\":\"AppDeleted\",\"payload\":{\"appId\":\"a/b\"}}";

    assertThatThrownBy(() -> EventCodec.decode(json.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(MalformedEventException.class)
        .hasMessageContaining("eventId");
  }

  @Test
  void resourceIdsHaveSixNonEmptySegments() {
    var namespace = new ResourceRef("v1", "Namespace", "", "team-a");

    assertThat(ResourceIds.resourceId(APP, namespace))
        .isEqualTo("default/simple-app/core/Namespace/_/team-a");
    assertThat(RESOURCE).isEqualTo("default/simple-app/apps/Deployment/default/simple-app");
  }

  @Test
  void amqpHeadersCarryOrderingFacts() {
    var envelope = EventEnvelope.of("id", 5, AT, new AppDeleted(APP, "c9", AT));

    assertThat(AmqpFormat.headers(envelope))
        .containsEntry(AmqpFormat.HEADER_SEQUENCE, 5L)
        .containsEntry(AmqpFormat.HEADER_AGGREGATE_ID, APP)
        .containsEntry(AmqpFormat.HEADER_TYPE, "AppDeleted");
    assertThat(AmqpFormat.routingKey(envelope)).isEqualTo("App.AppDeleted");
  }

  @Test
  void driftEventsTravelAsResourceChangeEventsByTheirClassNames() {
    var detected =
        new DriftDetected(
            RESOURCE,
            APP,
            "simple-app-change-000001",
            DEPLOYMENT,
            List.of(new FieldChange("spec.replicas", 5, 2, "desired", "kubectl-edit")),
            AT);
    var corrected =
        new DriftCorrected(
            RESOURCE, APP, "simple-app-change-000002", DEPLOYMENT, List.of("spec.replicas"), AT);

    var first = EventEnvelope.of("id-1", 8, AT, detected);
    var second = EventEnvelope.of("id-2", 10, AT, corrected);

    assertThat(AmqpFormat.routingKey(first)).isEqualTo("ResourceChange.DriftDetected");
    assertThat(AmqpFormat.routingKey(second)).isEqualTo("ResourceChange.DriftCorrected");
    assertThat(AmqpFormat.headers(second))
        .containsEntry(AmqpFormat.HEADER_TYPE, "DriftCorrected")
        .containsEntry(AmqpFormat.HEADER_AGGREGATE_ID, RESOURCE);
    assertThat(new String(EventCodec.encode(first), StandardCharsets.UTF_8))
        .contains(
            "\"fields\":[{\"path\":\"spec.replicas\",\"from\":5,\"to\":2,"
                + "\"decidedBy\":\"desired\",\"changedBy\":\"kubectl-edit\"}]");
  }
}
