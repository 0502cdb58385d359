package io.driftless.command.upcasting;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.command.config.AxonConfig;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.Provenance;
import io.driftless.events.ResourceDeleted;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.axonframework.eventhandling.GenericDomainEventEntry;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.upcasting.event.InitialEventRepresentation;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.junit.jupiter.api.Test;

/**
 * Issue 27: {@code AppChangeStarted} payloads stored before provenance existed (no revision) read
 * as actor {@code unknown} with no meta, everything else as stored; today's events are stored with
 * revision {@value EventRevisions#APP_CHANGE_STARTED} and read back unchanged.
 */
class ProvenanceUpcasterTest {

  private final Serializer serializer = AxonConfig.newSerializer();

  private static byte[] stored(String file) throws IOException {
    try (var in = ProvenanceUpcasterTest.class.getResourceAsStream(file)) {
      assertThat(in).as(file).isNotNull();
      return in.readAllBytes();
    }
  }

  private List<IntermediateEventRepresentation> read(
      String payloadType, String revision, byte[] payload) {
    var entry =
        new GenericDomainEventEntry<>(
            "App",
            "ops/web",
            11,
            "event-1",
            "2026-11-26T09:14:03.120Z",
            payloadType,
            revision,
            payload,
            "{}".getBytes(StandardCharsets.UTF_8));
    Stream<IntermediateEventRepresentation> in =
        Stream.of(new InitialEventRepresentation(entry, serializer));
    return AxonConfig.upcasters().upcast(in).toList();
  }

  private AppChangeStarted event(IntermediateEventRepresentation representation) {
    return serializer.deserialize(representation.getData());
  }

  @Test
  void changeStoredBeforeProvenanceReadsAsUnknownWithEverythingElseAsStored() throws Exception {
    var upcast =
        read(
            AppChangeStarted.class.getName(),
            null,
            stored("app-change-started-before-provenance.json"));

    assertThat(upcast).hasSize(1);
    assertThat(upcast.get(0).getType().getRevision()).isEqualTo(EventRevisions.APP_CHANGE_STARTED);
    var json = upcast.get(0).getData(JsonNode.class).getData();
    assertThat(json.get("provenance").toString()).isEqualTo("{\"actor\":\"unknown\",\"meta\":{}}");
    var event = event(upcast.get(0));
    assertThat(event.provenance()).isEqualTo(Provenance.unknown());
    assertThat(event.provenance().actor()).isEqualTo("unknown");
    assertThat(event.provenance().meta()).isEmpty();
    assertThat(event.rolledBackTo()).isNull();
    assertThat(event.appId()).isEqualTo("ops/web");
    assertThat(event.changeId()).isEqualTo("web-change-000012");
    assertThat(event.changeNumber()).isEqualTo(12);
    assertThat(event.trigger()).isEqualTo(ChangeTrigger.RECONCILE);
    assertThat(event.syncPeriod()).isEqualTo("PT1M");
    assertThat(event.ghostDiffPolicy()).isEqualTo(GhostDiffPolicy.YIELD);
    assertThat(event.kappConfigs()).contains("kapp.k14s.io/v1alpha1");
    assertThat(event.desired()).containsOnlyKeys("apps/Deployment/ops/web");
    assertThat(event.ops().update()).isEqualTo(1);
  }

  @Test
  void changeOfCommit526f7b6ReadsAsUnknown() throws Exception {
    var upcast =
        read(AppChangeStarted.class.getName(), null, stored("app-change-started-526f7b6.json"));

    var event = event(upcast.get(0));
    assertThat(event.provenance()).isEqualTo(Provenance.unknown());
    assertThat(event.changeId()).isEqualTo("simple-app-change-000001");
    assertThat(event.trigger()).isEqualTo(ChangeTrigger.DEPLOY);
  }

  @Test
  void unrevisedPayloadThatHasProvenanceKeepsIt() {
    var payload =
        "{\"appId\":\"ops/web\",\"changeId\":\"web-change-000001\",\"changeNumber\":1,"
            + "\"trigger\":\"DEPLOY\",\"provenance\":{\"actor\":\"ci\",\"meta\":{\"a\":\"b\"}}}";

    var event =
        event(
            read(AppChangeStarted.class.getName(), null, payload.getBytes(StandardCharsets.UTF_8))
                .get(0));

    assertThat(event.provenance()).isEqualTo(new Provenance("ci", null, null, Map.of("a", "b")));
  }

  @Test
  void todaysChangesAreStoredWithTheirRevisionAndReadBackAsWritten() {
    var written =
        new AppChangeStarted(
            "ops/web",
            "web-change-000013",
            13,
            ChangeTrigger.DEPLOY,
            java.time.Instant.parse("2026-11-27T10:00:00Z"),
            List.of("ops"),
            Map.of(),
            io.driftless.events.OpCounts.none(),
            io.driftless.events.WaitCounts.none(),
            "update: nothing",
            null,
            null,
            null,
            new Provenance("ci", "driftless-cli/1.0", "release", Map.of("git.commit", "abc")),
            null);
    var serialized = serializer.serialize(written, byte[].class);
    assertThat(serialized.getType().getRevision()).isEqualTo(EventRevisions.APP_CHANGE_STARTED);

    var upcast =
        read(
            serialized.getType().getName(),
            serialized.getType().getRevision(),
            serialized.getData());

    assertThat(event(upcast.get(0))).isEqualTo(written);
  }

  @Test
  void otherEventsHaveNoRevisionAndAreLeftAlone() {
    assertThat(new EventRevisions().revisionOf(ResourceDeleted.class)).isNull();
    var payload = "{\"resourceId\":\"x\"}".getBytes(StandardCharsets.UTF_8);

    var upcast = read(ResourceDeleted.class.getName(), null, payload);

    assertThat(upcast.get(0).getType().getRevision()).isNull();
    assertThat(upcast.get(0).getData(byte[].class).getData()).isEqualTo(payload);
  }
}
