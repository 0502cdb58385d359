package io.driftless.command.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.driftless.command.config.AxonConfig;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.OpCounts;
import io.driftless.events.WaitCounts;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.serialization.SerializedObject;
import org.junit.jupiter.api.Test;

class AppSnapshotTest {

  private static final Instant AT = Instant.parse("2026-11-21T10:00:00Z");

  private static AppChangeStarted started(long number, Map<String, String> desired) {
    return new AppChangeStarted(
        "ns/app",
        ChangeIds.of("ns/app", number),
        number,
        ChangeTrigger.DEPLOY,
        AT,
        List.of("ns"),
        desired,
        new OpCounts(1, 0, 0, 0, 0),
        new WaitCounts(1, 0, 0),
        "update: x");
  }

  private static App roundTrip(App app) {
    var serializer = AxonConfig.snapshotSerializer();
    SerializedObject<byte[]> bytes = serializer.serialize(app, byte[].class);
    return serializer.deserialize(bytes);
  }

  @Test
  void snapshotKeepsTheResourceSetAndTheChangeInProgress() {
    var app = new App();
    app.on(started(1, Map.of("core/ConfigMap/ns/a", "sha256:1")));
    app.on(
        new AppChangeFinished(
            "ns/app", "app-change-000001", true, "update: x", null, null, AT, null));
    app.on(started(2, Map.of("core/ConfigMap/ns/b", "sha256:2")));

    var restored = roundTrip(app);

    assertThat(restored.state()).isEqualTo(app.state());
    assertThat(restored.state().changeInProgress()).isEqualTo("app-change-000002");
    assertThat(restored.state().resources()).containsOnlyKeys("core/ConfigMap/ns/a");
    assertThatThrownBy(
            () ->
                restored.handle(
                    new StartAppChange(
                        "ns/app",
                        2,
                        ChangeTrigger.DEPLOY,
                        List.of(),
                        Map.of(),
                        null,
                        null,
                        "",
                        AT)))
        .isInstanceOf(ChangeInProgressException.class);
  }

  @Test
  void snapshotKeepsTheGhostDiffPolicyInTheFormStoresHold() {
    var app = new App();
    var yielding = started(1, Map.of("core/ConfigMap/ns/a", "sha256:1"));
    app.on(
        new AppChangeStarted(
            yielding.appId(),
            yielding.changeId(),
            yielding.changeNumber(),
            yielding.trigger(),
            yielding.startedAt(),
            yielding.namespaces(),
            yielding.desired(),
            yielding.ops(),
            yielding.waits(),
            yielding.description(),
            null,
            GhostDiffPolicy.YIELD,
            null));
    var json =
        new String(
            AxonConfig.snapshotSerializer().serialize(app, byte[].class).getData(),
            StandardCharsets.UTF_8);

    assertThat(json).contains("\"ghostDiffPolicy\":\"yield\"");
    var restored = roundTrip(app);
    assertThat(restored.state()).isEqualTo(app.state());
    assertThat(restored.state().ghostDiffPolicy()).isEqualTo(GhostDiffPolicy.YIELD);
    assertThat(restored.state().yieldSince()).isEqualTo(1);
  }

  @Test
  void aSnapshotOfTheDefaultPolicyHoldsNullAndReadsAsReport() {
    var app = new App();
    app.on(started(1, Map.of("core/ConfigMap/ns/a", "sha256:1")));
    var json =
        new String(
            AxonConfig.snapshotSerializer().serialize(app, byte[].class).getData(),
            StandardCharsets.UTF_8);

    assertThat(json).contains("\"ghostDiffPolicy\":null");
    assertThat(roundTrip(app).state().ghostDiffPolicy()).isEqualTo(GhostDiffPolicy.REPORT);
  }
}
