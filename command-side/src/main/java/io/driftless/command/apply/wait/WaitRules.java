package io.driftless.command.apply.wait;

import io.driftless.diff.resources.ResourceKey;
import java.util.Map;

/** The rule for a kind (by group and kind, any version); kinds without one are done at once. */
public final class WaitRules {

  private static final Map<String, WaitRule> RULES =
      Map.of(
          "apps/Deployment", new DeploymentWait(),
          "apps/StatefulSet", new StatefulSetWait(),
          "apps/DaemonSet", new DaemonSetWait(),
          "batch/Job", new JobWait(),
          "apiextensions.k8s.io/CustomResourceDefinition", new CrdWait(),
          "/Namespace", new NamespaceWait(),
          "/Service", new ServiceWait());

  private WaitRules() {}

  /** The rule for the key's group and kind, {@link WaitRule#NONE} when kapp waits for nothing. */
  public static WaitRule of(ResourceKey key) {
    return RULES.getOrDefault(key.group() + "/" + key.kind(), WaitRule.NONE);
  }
}
