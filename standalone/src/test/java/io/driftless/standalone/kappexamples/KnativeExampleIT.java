package io.driftless.standalone.kappexamples;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * kapp's serverless platform example (knative serving 1.8.0 with net-istio and istio itself)
 * through the whole scenario of {@link KappExampleScenario}; the largest of the examples. Its
 * twelve CRDs appear twice (from serving-core.yaml and serving-crds.yaml), identical, and count
 * once.
 */
class KnativeExampleIT extends KappExampleScenario {

  @Test
  void dryRunDeployRedeployViewsAndDelete() {
    var app = ExampleApp.named("knative");
    assertThat(app.manifest().documents())
        .as("identical duplicate documents in the manifest")
        .isGreaterThan(app.manifest().resources().size());

    deployRedeployViewsDelete(app);
  }
}
