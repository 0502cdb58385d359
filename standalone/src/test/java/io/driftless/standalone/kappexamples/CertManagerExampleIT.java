package io.driftless.standalone.kappexamples;

import org.junit.jupiter.api.Test;

/**
 * kapp's certificate manager example (cert-manager 1.6.1: large CRDs, RBAC, webhooks; objects in
 * {@code cert-manager} and {@code kube-system}) through the whole scenario of {@link
 * KappExampleScenario}. The manifest is {@code examples/cert-manager-v1.6.1.yml}, the same file as
 * kapp's {@code examples/cert-manager-v1.6.1/config.yaml}.
 */
class CertManagerExampleIT extends KappExampleScenario {

  @Test
  void dryRunDeployRedeployViewsAndDelete() {
    var app = ExampleApp.named("cert-manager");

    deployRedeployViewsDelete(app);
  }
}
