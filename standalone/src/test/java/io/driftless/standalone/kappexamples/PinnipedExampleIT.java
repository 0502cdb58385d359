package io.driftless.standalone.kappexamples;

import org.junit.jupiter.api.Test;

/**
 * kapp's identity service example (pinniped 0.13.0: concierge, supervisor and local user
 * authenticator; APIServices, a cluster-scoped custom resource of its own CRD, objects in {@code
 * kube-system} and {@code kube-public}, kapp's change-group/change-rule and
 * disable-default-label-scoping-rules annotations) through the whole scenario of {@link
 * KappExampleScenario}.
 */
class PinnipedExampleIT extends KappExampleScenario {

  @Test
  void dryRunDeployRedeployViewsAndDelete() {
    var app = ExampleApp.named("pinniped");

    deployRedeployViewsDelete(app);
  }
}
