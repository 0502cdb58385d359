package io.driftless.standalone;

import io.driftless.sandbox.SandboxCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import org.springframework.boot.autoconfigure.AbstractDependsOnBeanFactoryPostProcessor;

/**
 * The command side's {@link KubernetesClient} reads the sandbox's kubeconfig when it is made, so
 * the sandbox must have started (and written it) first; it is also closed after the client.
 */
class ClientAfterSandbox extends AbstractDependsOnBeanFactoryPostProcessor {

  ClientAfterSandbox() {
    super(KubernetesClient.class, SandboxCluster.class);
  }
}
