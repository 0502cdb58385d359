package io.driftless.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProvenanceTest {

  @Test
  void aMissingActorIsUnknownAndMetaIsSortedAndNeverNull() {
    var meta = new LinkedHashMap<String, String>();
    meta.put("pipeline.url", "https://ci.example/1");
    meta.put("git.commit", "abc123");

    var provenance = new Provenance(null, "driftless-cli/0.1.0", null, meta);
    assertThat(provenance.actor()).isEqualTo(Provenance.UNKNOWN);
    assertThat(provenance.meta().keySet()).containsExactly("git.commit", "pipeline.url");
    assertThat(new Provenance("ci-bot", null, null, null).meta()).isEmpty();
  }

  @Test
  void aChangeStoredBeforeProvenanceExistedReadsAsUnknown() {
    var old =
        """
        {"appId":"default/simple-app","changeId":"simple-app-change-000001","changeNumber":1,
         "trigger":"DEPLOY","startedAt":"2026-11-20T10:00:00Z","namespaces":["default"],
         "desired":{},"ops":{"create":0,"delete":0,"update":0,"noop":0,"exists":0},
         "waits":{"reconcile":0,"delete":0,"noop":0},"description":"update"}
        """;
    var started =
        (AppChangeStarted)
            EventCodec.decodePayload("AppChangeStarted", old.getBytes(StandardCharsets.UTF_8));

    assertThat(started.provenance()).isEqualTo(Provenance.unknown());
    assertThat(started.rolledBackTo()).isNull();
  }

  @Test
  void provenanceAndLocksTravelThroughTheCodecUnchanged() {
    var by =
        new Provenance("alice", "driftless-cli/0.1.0", "incident 42", Map.of("git.ref", "main"));
    var at = Instant.parse("2026-11-27T12:00:00Z");
    var started =
        new AppChangeStarted(
            "default/app",
            "app-change-000003",
            3,
            ChangeTrigger.ROLLBACK,
            at,
            List.of("default"),
            Map.of(),
            null,
            null,
            "update",
            null,
            GhostDiffPolicy.YIELD,
            null,
            by,
            "app-change-000001");
    var locked = new AppLocked("default/app", "app-change-000004", 4, "incident 42", by, at);
    var unlocked = new AppUnlocked("default/app", "app-change-000005", 5, "alice", by, at);

    for (DriftlessEvent event : List.of(started, locked, unlocked)) {
      var json = EventCodec.encodePayload(event);
      assertThat(EventCodec.decodePayload(EventCatalog.typeName(event.getClass()), json))
          .isEqualTo(event);
    }
  }
}
