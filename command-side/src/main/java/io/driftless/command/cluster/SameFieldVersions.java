package io.driftless.command.cluster;

import java.util.List;
import java.util.Map;

/**
 * Built-in kinds whose versions of one group have the same fields, so that an API server converts
 * an object between them by its {@code apiVersion} alone: {@code autoscaling/v2} and {@code
 * v2beta2} HorizontalPodAutoscalers (v2 is v2beta2 made GA, with the same defaults), {@code
 * batch/v1} and {@code v1beta1} CronJobs, {@code policy/v1} and {@code v1beta1}
 * PodDisruptionBudgets. A plan that lists such a kind once ({@link LabelledReads}) takes an object
 * of the other version from that list as it is, with the version it was declared at; for any other
 * pair of versions (autoscaling/v1, whose fields differ; a custom kind, whose conversion only its
 * webhook knows) it reads the object at its own version ({@link ObjectsAtVersions}).
 */
final class SameFieldVersions {

  private static final Map<String, List<String>> SAME =
      Map.of(
          "autoscaling/HorizontalPodAutoscaler", List.of("v2", "v2beta2"),
          "batch/CronJob", List.of("v1", "v1beta1"),
          "policy/PodDisruptionBudget", List.of("v1", "v1beta1"));

  private SameFieldVersions() {}

  /** Whether {@code kind} of {@code group} has the same fields at both apiVersions. */
  static boolean same(String group, String kind, String apiVersion, String otherApiVersion) {
    var versions = SAME.get(group + "/" + kind);
    return versions != null
        && versions.contains(version(group, apiVersion))
        && versions.contains(version(group, otherApiVersion));
  }

  private static String version(String group, String apiVersion) {
    var prefix = group + "/";
    return apiVersion.startsWith(prefix) ? apiVersion.substring(prefix.length()) : "";
  }
}
