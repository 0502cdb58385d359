package io.driftless.command.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.OpCounts;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 12 point 6: the App stores the deploy's ghost-diff policy and kapp Configs on {@code
 * AppChangeStarted} and remembers since which change {@code yield} is in force.
 */
class AppGhostDiffPolicyTest {

  private static final String APP = "default/web";
  private static final Instant AT = Instant.parse("2026-11-23T22:00:00Z");
  private static final OpCounts OPS = new OpCounts(0, 0, 1, 0, 0);
  private static final WaitCounts WAITS = new WaitCounts(1, 0, 0);
  private static final Map<String, String> DESIRED = Map.of("apps/Deployment/default/web", "h");
  private static final String CONFIGS = "[{\"apiVersion\":\"kapp.k14s.io/v1alpha1\"}]";

  private AggregateTestFixture<App> fixture;

  @BeforeEach
  void setUp() {
    fixture = new AggregateTestFixture<>(App.class);
  }

  private static StartAppChange start(
      long expected, ChangeTrigger trigger, GhostDiffPolicy policy) {
    return new StartAppChange(
        APP,
        expected,
        trigger,
        List.of("default"),
        DESIRED,
        OPS,
        WAITS,
        "d",
        AT,
        null,
        policy,
        CONFIGS);
  }

  private static AppChangeStarted started(
      long number, ChangeTrigger trigger, GhostDiffPolicy policy) {
    return new AppChangeStarted(
        APP,
        ChangeIds.of(APP, number),
        number,
        trigger,
        AT,
        List.of("default"),
        DESIRED,
        OPS,
        WAITS,
        "d",
        null,
        policy,
        CONFIGS);
  }

  private static AppChangeFinished finished(long number) {
    return new AppChangeFinished(APP, ChangeIds.of(APP, number), true, "d", OPS, WAITS, AT, null);
  }

  @Test
  void theChangeCarriesThePolicyAndTheConfigs() {
    fixture
        .givenNoPriorActivity()
        .when(start(0, ChangeTrigger.DEPLOY, GhostDiffPolicy.YIELD))
        .expectEvents(started(1, ChangeTrigger.DEPLOY, GhostDiffPolicy.YIELD))
        .expectState(
            app -> {
              assertThat(app.state().ghostDiffPolicy()).isEqualTo(GhostDiffPolicy.YIELD);
              assertThat(app.state().yieldSince()).isEqualTo(1);
              assertThat(app.state().kappConfigs()).isEqualTo(CONFIGS);
            });
  }

  @Test
  void yieldIsInForceSinceTheChangeThatTurnedItOn() {
    fixture
        .given(
            started(1, ChangeTrigger.DEPLOY, null),
            finished(1),
            started(2, ChangeTrigger.DEPLOY, GhostDiffPolicy.YIELD),
            finished(2),
            started(3, ChangeTrigger.RECONCILE, GhostDiffPolicy.YIELD),
            finished(3))
        .when(start(3, ChangeTrigger.DEPLOY, GhostDiffPolicy.YIELD))
        .expectState(app -> assertThat(app.state().yieldSince()).isEqualTo(2));
  }

  @Test
  void reportEndsYieldAndALaterYieldStartsAfresh() {
    fixture
        .given(
            started(1, ChangeTrigger.DEPLOY, GhostDiffPolicy.YIELD),
            finished(1),
            started(2, ChangeTrigger.DEPLOY, null),
            finished(2))
        .when(start(2, ChangeTrigger.DEPLOY, GhostDiffPolicy.YIELD))
        .expectState(app -> assertThat(app.state().yieldSince()).isEqualTo(3));
  }

  @Test
  void anOlderStoreReadsAsReportWithoutConfigs() {
    var older =
        new AppChangeStarted(
            APP,
            ChangeIds.of(APP, 1),
            1,
            ChangeTrigger.DEPLOY,
            AT,
            List.of("default"),
            DESIRED,
            OPS,
            WAITS,
            "d");
    fixture
        .given(older, finished(1))
        .when(start(1, ChangeTrigger.RECONCILE, GhostDiffPolicy.REPORT))
        .expectState(
            app -> {
              assertThat(app.state().ghostDiffPolicy()).isEqualTo(GhostDiffPolicy.REPORT);
              assertThat(app.state().yieldSince()).isZero();
            });
  }

  @Test
  void reportIsStoredAsNullAsBeforeThePolicyExisted() {
    fixture
        .given(started(1, ChangeTrigger.DEPLOY, GhostDiffPolicy.YIELD), finished(1))
        .when(start(1, ChangeTrigger.DEPLOY, GhostDiffPolicy.REPORT))
        .expectEvents(started(2, ChangeTrigger.DEPLOY, null))
        .expectState(
            app -> {
              assertThat(app.state().ghostDiffPolicy()).isEqualTo(GhostDiffPolicy.REPORT);
              assertThat(app.state().yieldSince()).isZero();
            });
  }
}
