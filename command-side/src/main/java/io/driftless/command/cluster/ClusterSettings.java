package io.driftless.command.cluster;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Which cluster the command side talks to.
 *
 * @param kubeconfig a kubeconfig file; blank: fabric8's auto-configuration ({@code KUBECONFIG},
 *     {@code ~/.kube/config} or the in-cluster service account)
 */
@ConfigurationProperties("driftless.cluster")
record ClusterSettings(String kubeconfig) {

  ClusterSettings {
    kubeconfig = kubeconfig == null ? "" : kubeconfig.strip();
  }
}
