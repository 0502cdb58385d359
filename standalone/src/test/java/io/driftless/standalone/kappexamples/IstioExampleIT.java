package io.driftless.standalone.kappexamples;

import org.junit.jupiter.api.Test;

/**
 * kapp's service mesh example (istio 1.16.0: {@code istio-ns.yml} and {@code istio.yml}, CRDs,
 * RBAC, webhooks, EnvoyFilters of its own CRDs, objects in {@code istio-system}) through the whole
 * scenario of {@link KappExampleScenario}.
 */
class IstioExampleIT extends KappExampleScenario {

  @Test
  void dryRunDeployRedeployViewsAndDelete() {
    var app = ExampleApp.named("istio");

    deployRedeployViewsDelete(app);
  }
}
