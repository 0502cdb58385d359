package io.driftless.command.cluster;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Which cluster the command side talks to.
 *
 * @param kubeconfig a kubeconfig file; blank: fabric8's auto-configuration ({@code KUBECONFIG},
 *     {@code ~/.kube/config} or the in-cluster service account)
 * @param watchMaxBackoff the longest wait before a failed watch restarts (30 s); the wait doubles
 *     from 1 s
 */
@ConfigurationProperties("driftless.cluster")
record ClusterSettings(String kubeconfig, Duration watchMaxBackoff) {

  ClusterSettings {
    kubeconfig = kubeconfig == null ? "" : kubeconfig.strip();
    watchMaxBackoff =
        watchMaxBackoff == null || watchMaxBackoff.isNegative() || watchMaxBackoff.isZero()
            ? Duration.ofSeconds(30)
            : watchMaxBackoff;
  }
}
