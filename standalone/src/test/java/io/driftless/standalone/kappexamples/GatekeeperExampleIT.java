package io.driftless.standalone.kappexamples;

import static io.driftless.standalone.kappexamples.DriftlessApi.body;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * kapp's policy controller example ({@link Gatekeeper}) through the whole scenario of {@link
 * KappExampleScenario}, with gatekeeper's controller played by the test: the deploy applies the
 * ConstraintTemplate and waits on the {@code exists} placeholder; the test then creates the real
 * CRD (plural and scope as gatekeeper writes them), and the deploy creates the constraint where
 * that CRD serves it (cluster-scoped). The placeholder is an {@code exists} op: never written,
 * labelled or deleted by the app. The deploy's apply mode is the default ({@code update}); {@link
 * GatekeeperServerSideApplyIT} runs the same scenario with {@code applyMode=server-side}.
 */
class GatekeeperExampleIT extends KappExampleScenario {

  final Gatekeeper gatekeeper = new Gatekeeper();

  @Test
  void constraintIsCreatedOnceTheControllerCreatedItsCrd() throws Exception {
    var app = gatekeeper.app;
    var manifest = gatekeeper.manifest;
    var api = api(app);
    var sandbox = sandbox(gatekeeper.customKinds());
    dryRunPlansEveryResource(api, app, manifest, sandbox);

    var query = "?waitTimeout=3m" + applyMode();
    var deploy = api.deployAsync(app.body(), query);
    await("the ConstraintTemplate applied while the deploy waits for the CRD")
        .atMost(Duration.ofMinutes(2))
        .until(() -> sandbox.get(gatekeeper.template()).isPresent() || deploy.isDone());
    assertThat(deploy)
        .as(() -> "the deploy waits for the exists CRD: " + answer(deploy))
        .isNotDone();
    assertThat(sandbox.get(gatekeeper.constraint())).as("constraint before its CRD").isEmpty();
    assertThat(sandbox.get(gatekeeper.manifest.existing().get(0)))
        .as("the exists placeholder is never written")
        .isEmpty();
    gatekeeper.controllerCreatesCrd(cluster);

    var deployed = body(deploy.get(3, TimeUnit.MINUTES), 200);

    deployCreatedEveryResource(app, manifest, deployed, sandbox);
    assertThat(gatekeeper.change(deployed, gatekeeper.constraint()).get("op").asText())
        .isEqualTo("create");
    everyOwnedObjectAndNotThePlaceholderWasWritten(sandbox);
    redeployChangesNothing(api, app, query);
    reconcilesWriteNothing(api, reconciles());
    viewsShowEveryResource(api, app, manifest, deployed);
    deleteRemovesEveryResource(api, manifest, sandbox);
  }

  /** The deploys' {@code applyMode} parameter, {@code &applyMode=...}; empty: update. */
  String applyMode() {
    return "";
  }

  /** How many reconciles of the deployed app write nothing. */
  int reconciles() {
    return RECONCILES;
  }

  /** The operation of driftless's managedFields entries: an update's writes are {@code Update}. */
  String driftlessOperation() {
    return "Update";
  }

  /**
   * Each owned object carries driftless's entry of {@link #driftlessOperation()}; the placeholder,
   * created by the controller under a manager of its own ({@link Gatekeeper#CONTROLLER_AGENT}),
   * none of driftless's.
   */
  private void everyOwnedObjectAndNotThePlaceholderWasWritten(SandboxObjects sandbox) {
    var manifest = gatekeeper.manifest;
    assertThat(notWrittenByDriftless(sandbox, manifest.owned(), driftlessOperation()))
        .as("objects without driftless's %s entry", driftlessOperation())
        .isEmpty();
    var placeholder = sandbox.get(manifest.existing().get(0)).orElseThrow();
    assertThat(driftlessOperations(placeholder))
        .as("driftless's writes of the exists placeholder")
        .isEmpty();
  }

  private static String answer(CompletableFuture<HttpResponse<String>> deploy) {
    if (!deploy.isDone()) {
      return "still running";
    }
    var response = deploy.join();
    return response.statusCode() + " " + response.body();
  }
}
