package io.driftless.standalone.kappexamples;

import static io.driftless.standalone.kappexamples.DriftlessApi.body;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * kapp's gatekeeper example ({@link Gatekeeper}) when the {@code exists} placeholder never appears
 * (no controller creates the CRD): with {@code waitTimeout=2s} the deploy fails once the time is
 * up, as kapp's {@code --wait-timeout} does, naming the resource it waited for; the change is
 * recorded as failed and the constraint is never created.
 */
class GatekeeperExistsTimeoutIT extends KappExampleScenario {

  private static final Duration WAIT_TIMEOUT = Duration.ofSeconds(2);

  private final Gatekeeper gatekeeper = new Gatekeeper();

  @Test
  void deployFailsNamingTheExistsResourceAfterTheWaitTimeout() {
    var api = api(gatekeeper.app);
    var sandbox = sandbox(gatekeeper.customKinds());
    var started = System.nanoTime();

    var failed = body(api.deploy(gatekeeper.app.body(), "?waitTimeout=2s"), 502);

    var took = Duration.ofNanos(System.nanoTime() - started);
    assertThat(took)
        .as("answered after %s: %s", took, failed)
        .isGreaterThanOrEqualTo(WAIT_TIMEOUT)
        .isLessThan(Duration.ofSeconds(60));
    assertThat(failed.get("successful").asBoolean()).isFalse();
    assertThat(failed.get("changeId").asText()).isEqualTo("gatekeeper-change-000001");
    assertThat(failed.get("message").asText()).contains(Gatekeeper.CRD_NAME);
    var placeholder = gatekeeper.manifest.existing().get(0);
    assertThat(gatekeeper.change(failed, placeholder).get("result").asText()).isEqualTo("failed");
    assertThat(gatekeeper.change(failed, gatekeeper.constraint()).get("result").asText())
        .isEqualTo("not applied");
    assertThat(sandbox.get(gatekeeper.constraint())).as("the constraint").isEmpty();
    assertThat(sandbox.get(placeholder)).as("the placeholder is never written").isEmpty();
    await()
        .atMost(VIEWS)
        .untilAsserted(
            () -> {
              var history = api.getJson(api.appPath() + "/changes");
              assertThat(history).hasSize(1);
              assertThat(history.get(0).get("successful").asBoolean()).isFalse();
            });
  }
}
