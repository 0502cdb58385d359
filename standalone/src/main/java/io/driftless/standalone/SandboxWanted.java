package io.driftless.standalone;

import java.nio.file.Path;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * The sandbox runs when the command side's kubeconfig ({@code driftless.cluster.kubeconfig}) is the
 * one the sandbox writes ({@code driftless.sandbox.kubeconfig}), the embedded default. Any other
 * kubeconfig, or a blank one (fabric8's auto-configuration), means a real cluster.
 */
class SandboxWanted extends SpringBootCondition {

  @Override
  public ConditionOutcome getMatchOutcome(
      ConditionContext context, AnnotatedTypeMetadata metadata) {
    var environment = context.getEnvironment();
    var cluster = environment.getProperty("driftless.cluster.kubeconfig", "").strip();
    var sandbox = environment.getProperty("driftless.sandbox.kubeconfig", "").strip();
    if (cluster.isEmpty() || sandbox.isEmpty() || !samePath(cluster, sandbox)) {
      return ConditionOutcome.noMatch(
          "driftless.cluster.kubeconfig '" + cluster + "' is not the sandbox's '" + sandbox + "'");
    }
    return ConditionOutcome.match("driftless.cluster.kubeconfig is the sandbox's " + sandbox);
  }

  private static boolean samePath(String a, String b) {
    return Path.of(a).toAbsolutePath().normalize().equals(Path.of(b).toAbsolutePath().normalize());
  }
}
