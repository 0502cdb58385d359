package io.driftless.standalone.kappexamples;

import static io.driftless.standalone.kappexamples.DriftlessApi.body;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 28 point 4: every kapp example app deployed with {@code applyMode=server-side} (gatekeeper
 * in {@link GatekeeperServerSideApplyIT}: its constraint waits for a CRD that gatekeeper's
 * controller creates, played by the test as in {@link GatekeeperExampleIT}): the deploy succeeds
 * with every owned object written by server-side apply (each carries a {@code managedFields} entry
 * of manager {@code driftless}, operation {@code Apply}); a redeploy of the same manifest is all
 * noop and sends no write request; reconciles (which keep the app's mode) write nothing and store
 * nothing; the delete removes every object. The {@code update} mode's scenario is {@link
 * KappExampleScenario}'s subclasses'.
 */
class ServerSideApplyExamplesIT extends KappExampleScenario {

  private static final String SERVER_SIDE = "?applyMode=server-side";
  private static final int RECONCILES_HERE = 3;

  @ParameterizedTest
  @ValueSource(
      strings = {"simple-app", "guestbook", "redis", "cf-for-k8s", "cert-manager", "pinniped"})
  void examplesFolderAndSmallAppsApplyServerSide(String name) {
    deployRedeployReconcileDelete(example(name));
  }

  @ParameterizedTest
  @ValueSource(strings = {"istio", "knative"})
  void theLargestAppsApplyServerSide(String name) {
    deployRedeployReconcileDelete(ExampleApp.named(name));
  }

  private static ExampleApp example(String name) {
    return switch (name) {
      case "simple-app" -> files(name, "examples/simple-app-v1.yml");
      case "guestbook" -> files(name, "examples/guestbook.yml");
      case "redis" -> files(name, "examples/redis-with-configmap.yml");
      case "cf-for-k8s" -> files(name, "examples/cf-for-k8s-v0.2.0.yml");
      default -> ExampleApp.named(name);
    };
  }

  private static ExampleApp files(String name, String file) {
    return new ExampleApp(name, java.util.List.of(java.nio.file.Path.of(file)));
  }

  private void deployRedeployReconcileDelete(ExampleApp app) {
    var manifest = app.manifest();
    var api = api(app);
    var sandbox = sandbox(manifest.customKinds());

    var deployed = body(api.deploy(app.body(), SERVER_SIDE), 200);
    assertThat(deployed.get("successful").asBoolean()).as(deployed.toString()).isTrue();
    var owned = manifest.owned().stream().map(ServerSideApplyExamplesIT::deployedAs).toList();
    var notApplied = notWrittenByDriftless(sandbox, owned, "Apply");
    assertThat(notApplied).as("objects without driftless's Apply entry").isEmpty();

    var writes = sandboxCluster.writeRequests();
    var again = body(api.deploy(app.body(), SERVER_SIDE), 200);
    assertThat(again.get("changeId").isNull()).as(again.toString()).isTrue();
    assertThat(again.get("description").asText())
        .contains("Op: 0 create, 0 delete, 0 update, 0 noop, 0 exists");
    assertThat(sandboxCluster.writeRequests())
        .as("write requests of an unchanged redeploy")
        .isEqualTo(writes);

    reconcilesWriteNothing(api, RECONCILES_HERE);

    var deleted = body(api.delete(), 200);
    assertThat(deleted.get("successful").asBoolean()).as(deleted.toString()).isTrue();
    assertThat(sandbox.present(owned)).as("objects left by the delete").isEmpty();
  }

  /** The object as deployed: a kapp-versioned one under its first version's name. */
  private static ExpectedResource deployedAs(ExpectedResource resource) {
    var versioned =
        resource.object().path("metadata").path("annotations").has("kapp.k14s.io/versioned");
    return versioned
        ? new ExpectedResource(
            resource.apiVersion(),
            resource.kind(),
            resource.namespace(),
            resource.name() + "-ver-1",
            resource.exists(),
            resource.object())
        : resource;
  }
}
