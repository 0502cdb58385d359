package io.driftless.command.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
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
 * Issue 27 point 4: the App starts a rollback as any change, recording {@code rolledBackTo}, also
 * after the app was deleted (it exists again); a rollback while a change runs is rejected.
 */
class AppRollbackTest {

  private static final String APP = "default/shop";
  private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");
  private static final OpCounts OPS = new OpCounts(1, 0, 0, 0, 0);
  private static final WaitCounts WAITS = new WaitCounts(1, 0, 0);
  private static final Map<String, String> DESIRED = Map.of("core/ConfigMap/default/a", "h1");

  private AggregateTestFixture<App> fixture;

  @BeforeEach
  void setUp() {
    fixture = new AggregateTestFixture<>(App.class);
  }

  private static StartAppChange rollback(long expected, String to) {
    return new StartAppChange(
        APP,
        expected,
        ChangeTrigger.ROLLBACK,
        List.of("default"),
        DESIRED,
        OPS,
        WAITS,
        "update",
        T0,
        null,
        GhostDiffPolicy.REPORT,
        null,
        Provenance.unknown(),
        to);
  }

  private static AppChangeStarted started(long number, ChangeTrigger trigger, String to) {
    return new AppChangeStarted(
        APP,
        ChangeIds.of(APP, number),
        number,
        trigger,
        T0,
        List.of("default"),
        trigger == ChangeTrigger.DELETE ? Map.of() : DESIRED,
        OPS,
        WAITS,
        "update",
        null,
        null,
        null,
        null,
        to);
  }

  private static AppChangeFinished finished(long number) {
    return new AppChangeFinished(
        APP, ChangeIds.of(APP, number), true, "update", OPS, WAITS, T0, null);
  }

  @Test
  void aRollbackIsStartedAsAChangeNamingTheChangeItDeploysAgain() {
    fixture
        .given(
            started(1, ChangeTrigger.DEPLOY, null),
            finished(1),
            started(2, ChangeTrigger.DEPLOY, null),
            finished(2))
        .when(rollback(2, "shop-change-000001"))
        .expectResultMessagePayload("shop-change-000003")
        .expectEvents(started(3, ChangeTrigger.ROLLBACK, "shop-change-000001"));
  }

  @Test
  void aRollbackOfADeletedAppMakesItExistAgain() {
    fixture
        .given(
            started(1, ChangeTrigger.DEPLOY, null),
            finished(1),
            started(2, ChangeTrigger.DELETE, null),
            finished(2),
            new AppDeleted(APP, ChangeIds.of(APP, 2), T0))
        .when(rollback(2, "shop-change-000001"))
        .expectEvents(started(3, ChangeTrigger.ROLLBACK, "shop-change-000001"))
        .expectState(
            app -> {
              assertThat(app.state().exists()).isTrue();
              assertThat(app.state().changeInProgress()).isEqualTo("shop-change-000003");
            });
  }

  @Test
  void aRollbackWhileAChangeRunsIsRejected() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, null))
        .when(rollback(1, "shop-change-000001"))
        .expectException(ChangeInProgressException.class);
  }
}
