package io.driftless.sandbox.defaults;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectType;
import java.util.Set;

/**
 * The API server's defaulting of the built-in kinds (Kubernetes 1.30), applied to every object
 * written through the sandbox, on create and on update, before validation. Each default names the
 * upstream {@code SetDefaults_*} function (or conversion) it follows; kinds not listed here (custom
 * resources, ConfigMaps, ServiceAccounts, Roles, PodDisruptionBudgets, Ingresses) are stored as
 * sent, as the API server stores them. Int-or-string values keep the form they were sent in;
 * resource quantities do not (the API server writes their canonical form, {@link Quantities}).
 */
public final class Defaults {

  private Defaults() {}

  /** The API versions of these kinds that Kubernetes 1.30 serves and whose defaults are here. */
  private static final Set<String> SERVED =
      Set.of(
          "v1",
          "apps/v1",
          "batch/v1",
          "rbac.authorization.k8s.io/v1",
          "apiextensions.k8s.io/v1",
          "admissionregistration.k8s.io/v1",
          "networking.k8s.io/v1",
          "autoscaling/v1",
          "autoscaling/v2");

  /**
   * Fills the defaults of {@code object} in place. Objects of API versions 1.30 no longer serves
   * (apps/v1beta1, autoscaling/v2beta1, ...) are left as sent: their defaults differed, and a real
   * cluster would refuse them.
   */
  public static void apply(ObjectNode object) {
    var type = ObjectType.of(object);
    var version = object.path("apiVersion").asText("");
    if (!SERVED.contains(version)) {
      return;
    }
    switch (type.group() + "/" + type.kind()) {
      case "apps/Deployment" -> WorkloadDefaults.deployment(object);
      case "apps/StatefulSet" -> WorkloadDefaults.statefulSet(object);
      case "apps/DaemonSet" -> WorkloadDefaults.daemonSet(object);
      case "batch/Job" -> BatchDefaults.job(object);
      case "batch/CronJob" -> BatchDefaults.cronJob(object);
      case "/Pod" -> PodDefaults.pod(object);
      case "/PodTemplate" -> PodSpecDefaults.template(Nodes.object(object, "template"));
      case "/Service" -> ServiceDefaults.service(object);
      case "/Secret" -> CoreDefaults.secret(object);
      case "/Namespace" -> CoreDefaults.namespace(object);
      case "rbac.authorization.k8s.io/RoleBinding",
          "rbac.authorization.k8s.io/ClusterRoleBinding" ->
          ApiGroupDefaults.binding(object);
      case "apiextensions.k8s.io/CustomResourceDefinition" -> ApiGroupDefaults.crd(object);
      case "admissionregistration.k8s.io/MutatingWebhookConfiguration" ->
          ApiGroupDefaults.webhooks(object, true);
      case "admissionregistration.k8s.io/ValidatingWebhookConfiguration" ->
          ApiGroupDefaults.webhooks(object, false);
      case "networking.k8s.io/NetworkPolicy" -> ApiGroupDefaults.networkPolicy(object);
      case "autoscaling/HorizontalPodAutoscaler" -> {
        if (version.equals("autoscaling/v1")) {
          AutoscalerDefaults.v1(object);
        } else {
          AutoscalerDefaults.v2(object);
        }
      }
      default -> {}
    }
  }
}
