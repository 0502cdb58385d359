package io.driftless.sandbox.controllers;

import java.util.EnumSet;
import java.util.Set;

/** The sandbox's simulated controllers and admission webhooks, each switchable for tests. */
public enum Controller {
  /**
   * kube-controller-manager's deployment, statefulset and daemonset controllers: status of a
   * finished rollout and the Deployment's {@code deployment.kubernetes.io/revision} annotation.
   */
  WORKLOAD_STATUS,
  /** The job controller: a Job completes at once (succeeded, a {@code Complete} condition). */
  JOB_COMPLETION,
  /** apiextensions' naming and establishing controllers: a CRD's names accepted, Established. */
  CRD_ESTABLISHING,
  /**
   * The horizontal pod autoscaler: scales an HPA's Deployment or StatefulSet to its minReplicas, or
   * to the value a test chose ({@code SandboxCluster.autoscaleTo}).
   */
  AUTOSCALER,
  /**
   * A cloud provider's service controller: a {@code LoadBalancer} Service gets an ingress address.
   */
  LOAD_BALANCER,
  /**
   * A mutating webhook like Istio's: adds an {@code istio-proxy} container to pod templates in
   * namespaces labelled {@code istio-injection=enabled} (or templates labelled {@code
   * sidecar.istio.io/inject: "true"}). Off by default: a cluster has it only when installed.
   */
  SIDECAR_INJECTOR;

  /** What a plain Kubernetes cluster runs: every controller, no webhook. */
  public static Set<Controller> defaults() {
    return EnumSet.of(WORKLOAD_STATUS, JOB_COMPLETION, CRD_ESTABLISHING, AUTOSCALER, LOAD_BALANCER);
  }
}
