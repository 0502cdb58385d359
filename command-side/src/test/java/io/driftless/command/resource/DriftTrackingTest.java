package io.driftless.command.resource;

import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftCorrected;
import io.driftless.events.DriftDetected;
import io.driftless.events.FieldChange;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.GhostDiffYielded;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 30 point 4: the ResourceChange records a drift once ({@link DriftDetected}), keeps which
 * paths are drifted, and ends it ({@link DriftCorrected}) right after the app's next write of the
 * object, its delete or a takeover, or when the watch finds the fields back in line. The echo of
 * the app's own write and yielded fields record nothing.
 */
class DriftTrackingTest {

  private static final String APP = "default/web";
  private static final ResourceRef REF = new ResourceRef("apps/v1", "Deployment", "default", "web");
  private static final String ID = "default/web/apps/Deployment/default/web";
  private static final Instant AT = Instant.parse("2026-11-27T22:00:00Z");
  private static final Instant LATER = Instant.parse("2026-11-27T22:05:00Z");
  private static final Instant AFTER = Instant.parse("2026-11-27T22:09:00Z");
  private static final Map<String, Object> OBJECT = Map.of("spec", Map.of("replicas", 2));
  private static final String DEPLOYED = "web-change-000001";
  private static final FieldChange REPLICAS =
      new FieldChange("spec.replicas", 5, 2, "desired", "kubectl-edit");
  private static final FieldChange IMAGE =
      new FieldChange(
          "spec.template.spec.containers[name=web].image",
          "nginx:1.27",
          "nginx:1.26",
          "desired",
          "kubectl-edit");

  private AggregateTestFixture<ResourceChange> fixture;

  @BeforeEach
  void setUp() {
    fixture = new AggregateTestFixture<>(ResourceChange.class);
  }

  private static ResourceCreated created() {
    return new ResourceCreated(ID, APP, DEPLOYED, REF, OBJECT, "sha256:x", "10", 1, List.of(), AT);
  }

  private static RecordDriftSeen seen(String resourceVersion, FieldChange... fields) {
    return new RecordDriftSeen(ID, APP, REF, resourceVersion, List.of(fields), AT);
  }

  private static DriftDetected detected(FieldChange... fields) {
    return new DriftDetected(ID, APP, DEPLOYED, REF, List.of(fields), AT);
  }

  private static RecordResourceApplied applied(String changeId, ChangeTrigger trigger) {
    return new RecordResourceApplied(
        ID,
        APP,
        changeId,
        REF,
        false,
        OBJECT,
        "sha256:x",
        "12",
        2,
        List.of(new FieldChange("spec.replicas", 5, 2, "desired", "kubectl-edit")),
        LATER,
        null,
        trigger,
        GhostDiffPolicy.REPORT);
  }

  private static ResourceUpdated updated(String changeId) {
    return new ResourceUpdated(
        ID,
        APP,
        changeId,
        REF,
        OBJECT,
        "sha256:x",
        "12",
        2,
        List.of(new FieldChange("spec.replicas", 5, 2, "desired", "kubectl-edit")),
        LATER,
        null);
  }

  @Test
  void anOutsideEditOfAnOwnedFieldIsRecordedWithTheChangeThatLastWroteTheObject() {
    fixture.given(created()).when(seen("11", REPLICAS)).expectEvents(detected(REPLICAS));
  }

  @Test
  void theSameDriftSeenAgainRecordsNothing() {
    fixture.given(created(), detected(REPLICAS)).when(seen("11", REPLICAS)).expectNoEvents();
  }

  @Test
  void aNewFieldOrANewLiveValueIsRecordedAloneNotWhatWasAlreadyKnown() {
    var moreReplicas = new FieldChange("spec.replicas", 7, 2, "desired", "kubectl-scale");

    fixture
        .given(created(), detected(REPLICAS))
        .when(seen("12", moreReplicas, IMAGE))
        .expectEvents(detected(moreReplicas, IMAGE));
  }

  @Test
  void theEchoOfTheAppsOwnWriteIsNoDrift() {
    fixture.given(created()).when(seen("10", REPLICAS)).expectNoEvents();
  }

  @Test
  void aYieldedFieldIsNoDrift() {
    var yielded = new GhostDiffYielded(ID, APP, "web-change-000004", REF, "spec.replicas", 5, AT);

    fixture.given(created(), yielded).when(seen("11", REPLICAS)).expectNoEvents();
  }

  @Test
  void anObjectTheAppNoLongerHoldsHasNoDrift() {
    fixture
        .given(created(), new ResourceDeleted(ID, APP, "web-change-000002", REF, AT))
        .when(seen("11", REPLICAS))
        .expectNoEvents();
  }

  @Test
  void fieldsFoundBackInLineEndTheirDriftWithoutAWriteOfTheApp() {
    fixture
        .given(created(), detected(REPLICAS, IMAGE))
        .when(seen("13", IMAGE))
        .expectEvents(new DriftCorrected(ID, APP, DEPLOYED, REF, List.of("spec.replicas"), AT));
  }

  @Test
  void aReconcilesUpdateEndsTheDriftRightAfterItsUpdate() {
    var reconcile = "web-change-000002";
    fixture
        .given(created(), detected(REPLICAS))
        .when(applied(reconcile, ChangeTrigger.RECONCILE))
        .expectEvents(
            updated(reconcile),
            new DriftCorrected(ID, APP, reconcile, REF, List.of("spec.replicas"), LATER));
  }

  @Test
  void aDeployThatOverwritesTheObjectEndsTheDriftWithItsChangeId() {
    var deploy = "web-change-000003";
    fixture
        .given(created(), detected(REPLICAS, IMAGE))
        .when(applied(deploy, ChangeTrigger.DEPLOY))
        .expectEvents(
            updated(deploy),
            new DriftCorrected(
                ID,
                APP,
                deploy,
                REF,
                List.of("spec.replicas", "spec.template.spec.containers[name=web].image"),
                LATER));
  }

  @Test
  void aWriteWithoutDriftRecordsNoCorrection() {
    var reconcile = "web-change-000002";
    fixture
        .given(created())
        .when(applied(reconcile, ChangeTrigger.RECONCILE))
        .expectEvents(updated(reconcile));
  }

  @Test
  void aCorrectedDriftSeenAgainIsANewDrift() {
    var reconcile = "web-change-000002";
    fixture
        .given(
            created(),
            detected(REPLICAS),
            updated(reconcile),
            new DriftCorrected(ID, APP, reconcile, REF, List.of("spec.replicas"), LATER))
        .when(new RecordDriftSeen(ID, APP, REF, "14", List.of(REPLICAS), AFTER))
        .expectEvents(new DriftDetected(ID, APP, reconcile, REF, List.of(REPLICAS), AFTER));
  }

  @Test
  void aReportSeenBeforeTheAppsLastWriteCannotReopenTheDriftItCorrected() {
    var reconcile = "web-change-000002";
    fixture
        .given(
            created(),
            detected(REPLICAS),
            updated(reconcile),
            new DriftCorrected(ID, APP, reconcile, REF, List.of("spec.replicas"), LATER))
        .when(seen("11", REPLICAS))
        .expectNoEvents();
  }

  @Test
  void aDeleteEndsTheDrift() {
    var delete = "web-change-000005";
    fixture
        .given(created(), detected(REPLICAS))
        .when(new RecordResourceDeleted(ID, APP, delete, REF, LATER, false))
        .expectEvents(
            new ResourceDeleted(ID, APP, delete, REF, LATER, false),
            new DriftCorrected(ID, APP, delete, REF, List.of("spec.replicas"), LATER));
  }

  @Test
  void aTakeoverEndsTheDriftWithTheOtherAppsChange() {
    var other = "api-change-000003";
    fixture
        .given(created(), detected(REPLICAS))
        .when(new RecordResourceDisowned(ID, APP, other, REF, "default/api", LATER))
        .expectEvents(
            new ResourceDisowned(ID, APP, other, REF, "default/api", LATER),
            new DriftCorrected(ID, APP, other, REF, List.of("spec.replicas"), LATER));
  }
}
