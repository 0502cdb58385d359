package io.driftless.sandbox.objects;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;

/**
 * An object's API group and kind ({@code ""} for the core group), as the API server's scheme knows
 * them: the sandbox's rules are keyed by group and kind, whatever served version the client used.
 */
public record ObjectType(String group, String kind) {

  public static final ObjectType DEPLOYMENT = new ObjectType("apps", "Deployment");
  public static final ObjectType STATEFUL_SET = new ObjectType("apps", "StatefulSet");
  public static final ObjectType DAEMON_SET = new ObjectType("apps", "DaemonSet");
  public static final ObjectType REPLICA_SET = new ObjectType("apps", "ReplicaSet");
  public static final ObjectType JOB = new ObjectType("batch", "Job");
  public static final ObjectType CRON_JOB = new ObjectType("batch", "CronJob");
  public static final ObjectType POD = new ObjectType("", "Pod");
  public static final ObjectType POD_TEMPLATE = new ObjectType("", "PodTemplate");
  public static final ObjectType SERVICE = new ObjectType("", "Service");
  public static final ObjectType SECRET = new ObjectType("", "Secret");
  public static final ObjectType CONFIG_MAP = new ObjectType("", "ConfigMap");
  public static final ObjectType NAMESPACE = new ObjectType("", "Namespace");
  public static final ObjectType HPA = new ObjectType("autoscaling", "HorizontalPodAutoscaler");
  public static final ObjectType CRD =
      new ObjectType("apiextensions.k8s.io", "CustomResourceDefinition");
  public static final ObjectType PDB = new ObjectType("policy", "PodDisruptionBudget");
  public static final ObjectType INGRESS = new ObjectType("networking.k8s.io", "Ingress");
  public static final ObjectType NETWORK_POLICY =
      new ObjectType("networking.k8s.io", "NetworkPolicy");
  public static final ObjectType MUTATING_WEBHOOKS =
      new ObjectType("admissionregistration.k8s.io", "MutatingWebhookConfiguration");
  public static final ObjectType VALIDATING_WEBHOOKS =
      new ObjectType("admissionregistration.k8s.io", "ValidatingWebhookConfiguration");

  /** The groups served by the API server itself; any other group is a custom resource's. */
  private static final Set<String> BUILT_IN_GROUPS =
      Set.of(
          "",
          "apps",
          "batch",
          "autoscaling",
          "policy",
          "networking.k8s.io",
          "rbac.authorization.k8s.io",
          "apiextensions.k8s.io",
          "admissionregistration.k8s.io",
          "storage.k8s.io",
          "scheduling.k8s.io",
          "coordination.k8s.io",
          "discovery.k8s.io",
          "certificates.k8s.io",
          "node.k8s.io",
          "flowcontrol.apiserver.k8s.io",
          "apiregistration.k8s.io",
          "events.k8s.io",
          "resource.k8s.io");

  /** Whether the API server serves this type itself (else it is a custom resource's). */
  public boolean builtIn() {
    return builtInGroup(group);
  }

  /** Whether {@code group} is one the API server serves itself ({@code ""}: the core group). */
  public static boolean builtInGroup(String group) {
    return BUILT_IN_GROUPS.contains(group);
  }

  /** The type of {@code object} from its {@code apiVersion} and {@code kind}. */
  public static ObjectType of(JsonNode object) {
    var apiVersion = object.path("apiVersion").asText("");
    var slash = apiVersion.indexOf('/');
    return new ObjectType(
        slash < 0 ? "" : apiVersion.substring(0, slash), object.path("kind").asText(""));
  }

  /** {@code Deployment.apps} or {@code Service}, as the API server names a kind in its messages. */
  public String qualified() {
    return group.isEmpty() ? kind : kind + "." + group;
  }
}
