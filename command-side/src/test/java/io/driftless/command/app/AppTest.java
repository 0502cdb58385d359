package io.driftless.command.app;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.OpCounts;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AppTest {

  private static final String APP = "default/simple-app";
  private static final Instant T0 = Instant.parse("2026-11-21T10:00:00Z");
  private static final Instant T1 = Instant.parse("2026-11-21T10:00:05Z");
  private static final OpCounts OPS = new OpCounts(2, 0, 0, 0, 0);
  private static final WaitCounts WAITS = new WaitCounts(2, 0, 0);
  private static final String DESCRIPTION =
      "update: Op: 2 create, 0 delete, 0 update, 0 noop, 0 exists / Wait to: 2 reconcile, 0 delete, 0 noop";
  private static final Map<String, String> DESIRED =
      Map.of(
          "apps/Deployment/default/simple-app",
          "sha256:1",
          "core/Service/default/simple-app",
          "sha256:2");

  private AggregateTestFixture<App> fixture;

  @BeforeEach
  void setUp() {
    fixture = new AggregateTestFixture<>(App.class);
  }

  private static StartAppChange start(long expected, ChangeTrigger trigger) {
    return new StartAppChange(
        APP, expected, trigger, List.of("default"), DESIRED, OPS, WAITS, DESCRIPTION, T0);
  }

  private static AppChangeStarted started(long number, ChangeTrigger trigger) {
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
        DESCRIPTION);
  }

  private static AppChangeFinished finished(long number, boolean ok) {
    return new AppChangeFinished(
        APP, ChangeIds.of(APP, number), ok, DESCRIPTION, OPS, WAITS, T1, ok ? null : "boom");
  }

  @Test
  void firstChangeCreatesTheAppAndNumbersTheChange() {
    fixture
        .givenNoPriorActivity()
        .when(start(0, ChangeTrigger.DEPLOY))
        .expectSuccessfulHandlerExecution()
        .expectResultMessagePayload("simple-app-change-000001")
        .expectEvents(started(1, ChangeTrigger.DEPLOY));
  }

  @Test
  void nextChangeGetsTheNextNumber() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY), finished(1, true))
        .when(start(1, ChangeTrigger.DEPLOY))
        .expectResultMessagePayload("simple-app-change-000002")
        .expectEvents(started(2, ChangeTrigger.DEPLOY));
  }

  @Test
  void secondConcurrentChangeIsRejected() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY))
        .when(start(1, ChangeTrigger.DEPLOY))
        .expectException(ChangeInProgressException.class)
        .expectNoEvents();
  }

  @Test
  void changePlannedAgainstAnOlderStateIsRejected() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY), finished(1, true))
        .when(start(0, ChangeTrigger.DEPLOY))
        .expectException(StaleAppStateException.class)
        .expectNoEvents();
  }

  @Test
  void finishingTheChangeInProgressRecordsItsOutcome() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY))
        .when(
            new FinishAppChange(
                APP, "simple-app-change-000001", false, DESCRIPTION, OPS, WAITS, "boom", T1))
        .expectEvents(finished(1, false));
  }

  @Test
  void finishingAnotherChangeIsRejected() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY))
        .when(
            new FinishAppChange(
                APP, "simple-app-change-000009", true, DESCRIPTION, OPS, WAITS, null, T1))
        .expectException(UnknownChangeException.class)
        .expectNoEvents();
  }

  @Test
  void finishingWhenNothingIsInProgressIsRejected() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY), finished(1, true))
        .when(
            new FinishAppChange(
                APP, "simple-app-change-000001", true, DESCRIPTION, OPS, WAITS, null, T1))
        .expectException(UnknownChangeException.class);
  }

  @Test
  void successfulDeleteChangeDeletesTheApp() {
    fixture
        .given(started(1, ChangeTrigger.DELETE))
        .when(
            new FinishAppChange(
                APP, "simple-app-change-000001", true, DESCRIPTION, OPS, WAITS, null, T1))
        .expectEvents(finished(1, true), new AppDeleted(APP, "simple-app-change-000001", T1));
  }

  @Test
  void failedDeleteChangeKeepsTheApp() {
    fixture
        .given(started(1, ChangeTrigger.DELETE))
        .when(
            new FinishAppChange(
                APP, "simple-app-change-000001", false, DESCRIPTION, OPS, WAITS, "boom", T1))
        .expectEvents(finished(1, false));
  }

  @Test
  void abandonedChangeIsClosedAsFailedWithItsPlannedCounts() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY))
        .when(new AbandonAppChange(APP, "simple-app-change-000001", "crashed", T1))
        .expectEvents(
            new AppChangeFinished(
                APP, "simple-app-change-000001", false, DESCRIPTION, OPS, WAITS, T1, "crashed"));
  }

  @Test
  void abandoningAChangeThatIsNotOpenIsRejected() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY), finished(1, true))
        .when(new AbandonAppChange(APP, "simple-app-change-000001", "crashed", T1))
        .expectException(UnknownChangeException.class)
        .expectNoEvents();
  }

  private static AbortAppChange abort(long number, String reason) {
    return new AbortAppChange(APP, ChangeIds.of(APP, number), "alice", reason, T1);
  }

  private static AppChangeFinished aborted(long number, String error) {
    return new AppChangeFinished(
        APP, ChangeIds.of(APP, number), false, DESCRIPTION, OPS, WAITS, T1, error);
  }

  @Test
  void abortClosesTheOpenChangeAsFailedNamingWhoAbortedAndWhy() {
    var expected = aborted(1, "aborted by alice: stuck waiting for an exists object");
    fixture
        .given(started(1, ChangeTrigger.DEPLOY))
        .when(abort(1, "stuck waiting for an exists object"))
        .expectEvents(expected)
        .expectResultMessagePayload(expected);
  }

  @Test
  void abortWithoutAReasonSaysItWasClosedByHand() {
    fixture
        .given(started(1, ChangeTrigger.RECONCILE))
        .when(abort(1, " "))
        .expectEvents(aborted(1, "aborted by alice: closed by hand while it was open"));
  }

  @Test
  void abortedChangeLetsTheAppStartTheNextOne() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY), aborted(1, "aborted by alice: stuck"))
        .when(start(1, ChangeTrigger.DEPLOY))
        .expectSuccessfulHandlerExecution()
        .expectEvents(started(2, ChangeTrigger.DEPLOY));
  }

  @Test
  void abortedDeleteKeepsTheApp() {
    fixture
        .given(started(1, ChangeTrigger.DELETE))
        .when(abort(1, "stuck"))
        .expectEvents(aborted(1, "aborted by alice: stuck"));
  }

  @Test
  void abortOfAChangeThatEndedIsRefusedAsNotOpen() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY), finished(1, true))
        .when(abort(1, "stuck"))
        .expectException(ChangeNotOpenException.class)
        .expectNoEvents();
  }

  @Test
  void abortOfAnEarlierChangeWhileAnotherIsOpenIsRefusedAsNotOpen() {
    fixture
        .given(
            started(1, ChangeTrigger.DEPLOY), finished(1, false), started(2, ChangeTrigger.DEPLOY))
        .when(abort(1, "stuck"))
        .expectException(ChangeNotOpenException.class)
        .expectNoEvents();
  }

  @Test
  void abortOfAChangeTheAppNeverHadIsNotFound() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY))
        .when(abort(2, "stuck"))
        .expectException(ChangeNotFoundException.class)
        .expectNoEvents();
    fixture
        .given(started(1, ChangeTrigger.DEPLOY))
        .when(new AbortAppChange(APP, "other-app-change-000001", "alice", "stuck", T1))
        .expectException(ChangeNotFoundException.class)
        .expectNoEvents();
    fixture
        .given(started(1, ChangeTrigger.DEPLOY))
        .when(new AbortAppChange(APP, "simple-app-change-x", "alice", "stuck", T1))
        .expectException(ChangeNotFoundException.class)
        .expectNoEvents();
  }

  @Test
  void abortOfAnAppThatNeverExistedFindsNoApp() {
    fixture
        .givenNoPriorActivity()
        .when(abort(1, "stuck"))
        .expectException(org.axonframework.modelling.command.AggregateNotFoundException.class)
        .expectNoEvents();
  }

  @Test
  void changeIdsAreNamedAfterTheAppAsKappDoes() {
    org.assertj.core.api.Assertions.assertThat(ChangeIds.of("ns/my-app", 7))
        .isEqualTo("my-app-change-000007");
  }
}
