package io.driftless.command.resource;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.command.config.AxonConfig;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.FieldChange;
import io.driftless.events.GhostDiffDetected;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.GhostDiffYielded;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 12 point 6: the ResourceChange counts, per field, how many reconcile updates in a row put
 * it back from the same live value; the second flip emits {@link GhostDiffDetected}, further flips
 * under {@code report} emit it again, {@code yield} also emits {@link GhostDiffYielded}.
 */
class GhostDiffTrackingTest {

  private static final String APP = "default/web";
  private static final ResourceRef REF = new ResourceRef("apps/v1", "Deployment", "default", "web");
  private static final String ID = "default/web/apps/Deployment/default/web";
  private static final Instant AT = Instant.parse("2026-11-23T22:00:00Z");
  private static final Map<String, Object> OBJECT = Map.of("spec", Map.of("replicas", 2));
  private static final FieldChange RESET = new FieldChange("spec.replicas", 5, 2, "desired");
  private static final String RULE =
      """
      apiVersion: kapp.k14s.io/v1alpha1
      kind: Config
      rebaseRules:
      - path: [spec, replicas]
        type: copy
        sources: [existing, new]
        resourceMatchers:
        - kindNamespaceNameMatcher:
            kind: Deployment
            namespace: default
            name: web
      """;

  private AggregateTestFixture<ResourceChange> fixture;

  @BeforeEach
  void setUp() {
    fixture = new AggregateTestFixture<>(ResourceChange.class);
  }

  private static RecordResourceApplied record(
      String changeId, ChangeTrigger trigger, GhostDiffPolicy policy, FieldChange... fields) {
    return new RecordResourceApplied(
        ID,
        APP,
        changeId,
        REF,
        false,
        OBJECT,
        "sha256:x",
        "7",
        2,
        List.of(fields),
        AT,
        null,
        trigger,
        policy);
  }

  private static ResourceCreated created() {
    return new ResourceCreated(
        ID, APP, "web-change-000001", REF, OBJECT, "sha256:x", "1", 1, List.of(), AT);
  }

  private static ResourceUpdated updated(String changeId, FieldChange... fields) {
    return new ResourceUpdated(
        ID, APP, changeId, REF, OBJECT, "sha256:x", "7", 2, List.of(fields), AT);
  }

  private static GhostDiffDetected detected(String changeId, int flips, String policy) {
    return new GhostDiffDetected(
        ID, APP, changeId, REF, "spec.replicas", 2, 5, flips, RULE, policy, AT);
  }

  @Test
  void theFirstResetAndTheFirstFlipAreNoGhostDiffYet() {
    fixture
        .given(created(), updated("web-change-000002", RESET))
        .when(record("web-change-000003", ChangeTrigger.RECONCILE, GhostDiffPolicy.REPORT, RESET))
        .expectEvents(updated("web-change-000003", RESET));
  }

  @Test
  void theSecondFlipInAReconcileIsAGhostDiff() {
    fixture
        .given(created(), updated("web-change-000002", RESET), updated("web-change-000003", RESET))
        .when(record("web-change-000004", ChangeTrigger.RECONCILE, GhostDiffPolicy.REPORT, RESET))
        .expectEvents(
            updated("web-change-000004", RESET), detected("web-change-000004", 2, "report"));
  }

  @Test
  void underReportEveryFurtherFlipIsReportedWithItsCount() {
    fixture
        .given(
            created(),
            updated("web-change-000002", RESET),
            updated("web-change-000003", RESET),
            updated("web-change-000004", RESET),
            detected("web-change-000004", 2, "report"))
        .when(record("web-change-000005", ChangeTrigger.RECONCILE, GhostDiffPolicy.REPORT, RESET))
        .expectEvents(
            updated("web-change-000005", RESET), detected("web-change-000005", 3, "report"));
  }

  @Test
  void underYieldDriftlessYieldsTheFieldAndRemembersIt() {
    fixture
        .given(created(), updated("web-change-000002", RESET), updated("web-change-000003", RESET))
        .when(record("web-change-000004", ChangeTrigger.RECONCILE, GhostDiffPolicy.YIELD, RESET))
        .expectEvents(
            updated("web-change-000004", RESET),
            detected("web-change-000004", 2, "yield"),
            new GhostDiffYielded(ID, APP, "web-change-000004", REF, "spec.replicas", 5, AT))
        .expectState(
            state ->
                assertThat(state.state().yielded())
                    .containsExactly(Map.entry("spec.replicas", "web-change-000004")));
  }

  @Test
  void aDeployNeverReportsAGhostDiff() {
    fixture
        .given(created(), updated("web-change-000002", RESET), updated("web-change-000003", RESET))
        .when(record("web-change-000004", ChangeTrigger.DEPLOY, GhostDiffPolicy.REPORT, RESET))
        .expectEvents(updated("web-change-000004", RESET));
  }

  @Test
  void anotherLiveValueStartsTheCountAgain() {
    var other = new FieldChange("spec.replicas", 7, 2, "desired");
    fixture
        .given(created(), updated("web-change-000002", RESET), updated("web-change-000003", RESET))
        .when(record("web-change-000004", ChangeTrigger.RECONCILE, GhostDiffPolicy.REPORT, other))
        .expectEvents(updated("web-change-000004", other));
  }

  @Test
  void aDeployThatChangesTheDesiredValueStartsTheCountAgain() {
    var newDesired = new FieldChange("spec.replicas", 5, 3, "desired");
    var resetTo3 = new FieldChange("spec.replicas", 5, 3, "desired");
    fixture
        .given(
            created(),
            updated("web-change-000002", RESET),
            updated("web-change-000003", RESET),
            updated("web-change-000004", newDesired))
        .when(
            record("web-change-000005", ChangeTrigger.RECONCILE, GhostDiffPolicy.REPORT, resetTo3))
        .expectEvents(updated("web-change-000005", resetTo3));
  }

  @Test
  void anUpdateThatFindsTheFieldAtItsDesiredValueEndsTheCount() {
    var image =
        new FieldChange("spec.template.spec.containers[name=web].image", "a", "b", "desired");
    fixture
        .given(
            created(),
            updated("web-change-000002", RESET),
            updated("web-change-000003", RESET),
            updated("web-change-000004", image))
        .when(record("web-change-000005", ChangeTrigger.RECONCILE, GhostDiffPolicy.REPORT, RESET))
        .expectEvents(updated("web-change-000005", RESET));
  }

  @Test
  void countsReadBackAsIntOrLongAreTheSameFlip() {
    var asLong = new FieldChange("spec.replicas", 5L, 2L, "desired");
    fixture
        .given(created(), updated("web-change-000002", RESET), updated("web-change-000003", asLong))
        .when(record("web-change-000004", ChangeTrigger.RECONCILE, GhostDiffPolicy.REPORT, RESET))
        .expectEvents(
            updated("web-change-000004", RESET), detected("web-change-000004", 2, "report"));
  }

  @Test
  void anUpdateThatWritesAYieldedFieldEndsTheYieldAndTheFightIsCountedAgain() {
    var yielded = new GhostDiffYielded(ID, APP, "web-change-000004", REF, "spec.replicas", 5, AT);
    fixture
        .given(
            created(),
            updated("web-change-000002", RESET),
            updated("web-change-000003", RESET),
            updated("web-change-000004", RESET),
            detected("web-change-000004", 2, "yield"),
            yielded,
            updated("web-change-000005", RESET),
            updated("web-change-000006", RESET))
        .when(record("web-change-000007", ChangeTrigger.RECONCILE, GhostDiffPolicy.REPORT, RESET))
        .expectEvents(
            updated("web-change-000007", RESET), detected("web-change-000007", 2, "report"))
        .expectState(state -> assertThat(state.state().yielded()).isEmpty());
  }

  @Test
  void aDeleteForgetsCountsAndYieldedFields() {
    fixture
        .given(
            created(),
            updated("web-change-000002", RESET),
            updated("web-change-000003", RESET),
            new GhostDiffYielded(ID, APP, "web-change-000003", REF, "spec.replicas", 5, AT))
        .when(new RecordResourceDeleted(ID, APP, "web-change-000004", REF, AT))
        .expectEvents(new ResourceDeleted(ID, APP, "web-change-000004", REF, AT, false))
        .expectState(state -> assertThat(state.state().yielded()).isEmpty());
  }

  @Test
  void countsAndYieldedFieldsSurviveASnapshot() {
    var aggregate = new ResourceChange();
    aggregate.on(created());
    aggregate.on(updated("web-change-000002", RESET));
    aggregate.on(updated("web-change-000003", RESET));
    aggregate.on(
        new GhostDiffYielded(ID, APP, "web-change-000003", REF, "spec.template", Map.of(), AT));
    var serializer = AxonConfig.snapshotSerializer();

    var text = serializer.serialize(aggregate, String.class);
    ResourceChange back = serializer.deserialize(text);

    assertThat(text.getData()).contains("\"flips\":1").contains("spec.template");
    assertThat(serializer.serialize(back, String.class).getData()).isEqualTo(text.getData());
    assertThat(back.state()).isEqualTo(aggregate.state());
  }
}
