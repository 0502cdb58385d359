package io.driftless.command.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppLocked;
import io.driftless.events.AppUnlocked;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.OpCounts;
import io.driftless.events.Provenance;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 27: locks (a change freeze) and provenance on the App. A lock and an unlock each take the
 * next change number; while locked, deploys and deletes are refused, reconciles and rollbacks
 * start; only the locker or an admin unlocks.
 */
class AppLockTest {

  private static final String APP = "default/frozen";
  private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");
  private static final Instant T1 = Instant.parse("2026-11-27T10:05:00Z");
  private static final OpCounts OPS = new OpCounts(1, 0, 0, 0, 0);
  private static final WaitCounts WAITS = new WaitCounts(1, 0, 0);
  private static final String DESCRIPTION = "update: test";
  private static final Map<String, String> DESIRED = Map.of("core/ConfigMap/default/a", "sha256:1");
  private static final Provenance CI =
      new Provenance("ci", "driftless-cli/1.0", "release 7", Map.of("git.commit", "abc123"));
  private static final Provenance ALICE = new Provenance("alice", "curl/8", null, Map.of());
  private static final String REASON = "release freeze until Monday";

  private AggregateTestFixture<App> fixture;

  @BeforeEach
  void setUp() {
    fixture = new AggregateTestFixture<>(App.class);
  }

  private static StartAppChange start(long expected, ChangeTrigger trigger, Provenance by) {
    return new StartAppChange(
        APP,
        expected,
        trigger,
        List.of("default"),
        DESIRED,
        OPS,
        WAITS,
        DESCRIPTION,
        T0,
        null,
        GhostDiffPolicy.REPORT,
        null,
        by,
        null);
  }

  private static AppChangeStarted started(long number, ChangeTrigger trigger, Provenance by) {
    return new AppChangeStarted(
        APP,
        ChangeIds.of(APP, number),
        number,
        trigger,
        T0,
        List.of("default"),
        DESIRED,
        OPS,
        WAITS,
        DESCRIPTION,
        null,
        null,
        null,
        by,
        null);
  }

  private static AppChangeFinished finished(long number) {
    return new AppChangeFinished(
        APP, ChangeIds.of(APP, number), true, DESCRIPTION, OPS, WAITS, T1, null);
  }

  private static AppLocked locked(long number, Provenance by) {
    return new AppLocked(APP, ChangeIds.of(APP, number), number, REASON, by, T0);
  }

  @Test
  void provenanceOfTheStartIsStoredOnTheChange() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1))
        .when(start(1, ChangeTrigger.DELETE, ALICE))
        .expectEvents(started(2, ChangeTrigger.DELETE, ALICE));
  }

  @Test
  void startWithoutProvenanceIsRecordedAsUnknown() {
    fixture
        .givenNoPriorActivity()
        .when(
            new StartAppChange(
                APP,
                0,
                ChangeTrigger.DEPLOY,
                List.of("default"),
                DESIRED,
                OPS,
                WAITS,
                DESCRIPTION,
                T0))
        .expectEvents(started(1, ChangeTrigger.DEPLOY, Provenance.unknown()));
  }

  @Test
  void lockTakesTheNextChangeNumberAndAnswersTheLock() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1))
        .when(new LockApp(APP, REASON, CI, T0))
        .expectEvents(locked(2, CI))
        .expectResultMessagePayload(
            new LockRecorded(
                "frozen-change-000002",
                new AppLock("frozen-change-000002", "ci", T0, REASON),
                "ci",
                T0));
  }

  @Test
  void lockWhileAChangeRunsIsAllowedAndTheChangeStillFinishes() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), locked(2, ALICE))
        .when(
            new FinishAppChange(
                APP, "frozen-change-000001", true, DESCRIPTION, OPS, WAITS, null, T1))
        .expectEvents(finished(1));
  }

  @Test
  void secondLockIsRefusedNamingTheFirst() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1), locked(2, CI))
        .when(new LockApp(APP, "another", ALICE, T1))
        .expectException(AppLockedException.class)
        .expectExceptionMessage(
            "App default/frozen is locked by ci since 2026-11-27T10:00:00Z: " + REASON + ".")
        .expectNoEvents();
  }

  @Test
  void deployWhileLockedIsRefused() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1), locked(2, CI))
        .when(start(2, ChangeTrigger.DEPLOY, CI))
        .expectException(AppLockedException.class)
        .expectNoEvents();
  }

  @Test
  void deleteWhileLockedIsRefused() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1), locked(2, CI))
        .when(start(2, ChangeTrigger.DELETE, CI))
        .expectException(AppLockedException.class)
        .expectNoEvents();
  }

  @Test
  void reconcileWhileLockedStarts() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1), locked(2, CI))
        .when(start(2, ChangeTrigger.RECONCILE, Provenance.server()))
        .expectEvents(started(3, ChangeTrigger.RECONCILE, Provenance.server()));
  }

  @Test
  void rollbackWhileLockedStarts() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1), locked(2, CI))
        .when(start(2, ChangeTrigger.ROLLBACK, ALICE))
        .expectSuccessfulHandlerExecution()
        .expectResultMessagePayload("frozen-change-000003");
  }

  @Test
  void lockerUnlocks() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1), locked(2, CI))
        .when(new UnlockApp(APP, CI, false, T1))
        .expectEvents(new AppUnlocked(APP, "frozen-change-000003", 3, "ci", CI, T1))
        .expectResultMessagePayload(
            new LockRecorded(
                "frozen-change-000003",
                new AppLock("frozen-change-000002", "ci", T0, REASON),
                "ci",
                T1));
  }

  @Test
  void anotherDeployerCannotUnlock() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1), locked(2, CI))
        .when(new UnlockApp(APP, ALICE, false, T1))
        .expectException(LockHeldByOtherException.class)
        .expectExceptionMessage(
            "App default/frozen is locked by ci since 2026-11-27T10:00:00Z: "
                + REASON
                + "; only ci or an admin may unlock it, not alice.")
        .expectNoEvents();
  }

  @Test
  void anAdminUnlocksAnotherActorsLock() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1), locked(2, CI))
        .when(new UnlockApp(APP, ALICE, true, T1))
        .expectEvents(new AppUnlocked(APP, "frozen-change-000003", 3, "ci", ALICE, T1));
  }

  @Test
  void unlockWithoutALockIsRefused() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1))
        .when(new UnlockApp(APP, CI, true, T1))
        .expectException(NotLockedException.class)
        .expectNoEvents();
  }

  @Test
  void deployAfterTheUnlockTakesTheNumberAfterIt() {
    fixture
        .given(
            started(1, ChangeTrigger.DEPLOY, CI),
            finished(1),
            locked(2, CI),
            new AppUnlocked(APP, "frozen-change-000003", 3, "ci", CI, T1))
        .when(start(3, ChangeTrigger.DEPLOY, CI))
        .expectEvents(started(4, ChangeTrigger.DEPLOY, CI));
  }

  @Test
  void theLockIsPartOfTheAppsState() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, CI), finished(1))
        .when(new LockApp(APP, REASON, CI, T0))
        .expectState(
            app -> {
              var state = app.state();
              assertThat(state.changeNumber()).isEqualTo(2);
              assertThat(state.exists()).isTrue();
              assertThat(state.lock())
                  .isEqualTo(new AppLock("frozen-change-000002", "ci", T0, REASON));
            });
  }

  @Test
  void theLockRefusesDeployAndDeleteOnly() {
    var lock = new AppLock("x-change-000001", "ci", T0, REASON);
    assertThat(lock.refuses(ChangeTrigger.DEPLOY)).isTrue();
    assertThat(lock.refuses(ChangeTrigger.DELETE)).isTrue();
    assertThat(lock.refuses(ChangeTrigger.RECONCILE)).isFalse();
    assertThat(lock.refuses(ChangeTrigger.ROLLBACK)).isFalse();
  }
}
