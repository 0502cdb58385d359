package io.driftless.events;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Issue 26: the ghost-diff policy is one type from the deploy API to the event store, and the store
 * holds the same JSON as when it was a string: {@code "yield"}, or null for {@code report}.
 */
class GhostDiffPolicyTest {

  private static AppChangeStarted started(GhostDiffPolicy policy) {
    return new AppChangeStarted(
        "default/web",
        "web-change-000001",
        1,
        ChangeTrigger.DEPLOY,
        Instant.parse("2026-11-27T12:00:00Z"),
        List.of("default"),
        Map.of(),
        new OpCounts(0, 0, 0, 0, 0),
        new WaitCounts(0, 0, 0),
        "d",
        null,
        policy,
        null);
  }

  private static String json(AppChangeStarted event) {
    return new String(EventCodec.encodePayload(event), StandardCharsets.UTF_8);
  }

  private static AppChangeStarted read(String json) {
    return (AppChangeStarted)
        EventCodec.decodePayload(
            AppChangeStarted.class.getSimpleName(), json.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void theStoreHoldsTheWireNameOrNull() {
    assertThat(json(started(GhostDiffPolicy.YIELD))).contains("\"ghostDiffPolicy\":\"yield\"");
    assertThat(json(started(GhostDiffPolicy.REPORT.stored()))).contains("\"ghostDiffPolicy\":null");
    assertThat(EventCodec.toTree(started(GhostDiffPolicy.YIELD)).get("ghostDiffPolicy").asText())
        .isEqualTo("yield");
  }

  @Test
  void storedEventsReadBackAsTheyWereWritten() {
    for (var policy : new GhostDiffPolicy[] {GhostDiffPolicy.YIELD, null}) {
      var event = started(policy);
      assertThat(read(json(event))).isEqualTo(event);
    }
  }

  @Test
  void olderStoresReadAsReport() {
    ObjectNode tree = EventCodec.toTree(started(null));
    tree.remove("ghostDiffPolicy");
    var older = read(tree.toString());

    assertThat(older.ghostDiffPolicy()).isNull();
    assertThat(GhostDiffPolicy.orDefault(older.ghostDiffPolicy()))
        .isEqualTo(GhostDiffPolicy.REPORT);
  }

  @Test
  void storedNamesAreReadWithCaseIgnoredAndAnyOtherAsReport() {
    var tree = EventCodec.toTree(started(null));
    tree.put("ghostDiffPolicy", "Yield");
    assertThat(read(tree.toString()).ghostDiffPolicy()).isEqualTo(GhostDiffPolicy.YIELD);
    tree.put("ghostDiffPolicy", "report");
    assertThat(read(tree.toString()).ghostDiffPolicy()).isEqualTo(GhostDiffPolicy.REPORT);
    tree.put("ghostDiffPolicy", "ignore");
    assertThat(read(tree.toString()).ghostDiffPolicy()).isEqualTo(GhostDiffPolicy.REPORT);
  }

  @Test
  void reportIsStoredAsNullAndYieldAsItself() {
    assertThat(GhostDiffPolicy.REPORT.stored()).isNull();
    assertThat(GhostDiffPolicy.YIELD.stored()).isEqualTo(GhostDiffPolicy.YIELD);
    assertThat(GhostDiffPolicy.orDefault(null)).isEqualTo(GhostDiffPolicy.REPORT);
    assertThat(GhostDiffPolicy.orDefault(GhostDiffPolicy.YIELD)).isEqualTo(GhostDiffPolicy.YIELD);
  }

  @Test
  void theApiNamesAreReportAndYieldCaseIgnored() {
    assertThat(GhostDiffPolicy.parse("Report")).contains(GhostDiffPolicy.REPORT);
    assertThat(GhostDiffPolicy.parse("YIELD")).contains(GhostDiffPolicy.YIELD);
    assertThat(GhostDiffPolicy.parse("ignore")).isEqualTo(Optional.empty());
    assertThat(GhostDiffPolicy.parse(null)).isEmpty();
    assertThat(GhostDiffPolicy.YIELD.wireName()).isEqualTo("yield");
  }
}
