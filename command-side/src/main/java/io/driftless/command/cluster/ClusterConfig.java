package io.driftless.command.cluster;

import io.driftless.shared.DaemonThreads;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.File;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;

/**
 * The cluster is whatever a kubeconfig names: {@code driftless.cluster.kubeconfig} when set, else
 * fabric8's auto-configuration. The command side knows no sandbox: the standalone server starts one
 * and points this setting at the kubeconfig it writes, exactly as at a real cluster.
 *
 * <p>The client is made lazily, off the start-up path (reading the kubeconfig and building the
 * client cost about a second of a cold start), and warmed up in the background once the application
 * is ready, so the first deploy rarely waits for it.
 */
@Configuration(proxyBeanMethods = false)
class ClusterConfig {

  private static final Logger log = LoggerFactory.getLogger(ClusterConfig.class);

  /**
   * The User-Agent of every request to the cluster. An API server takes a writer's field manager
   * from it when the request names none (the product before the first {@code /}), so the live
   * objects' {@code managedFields} say {@code driftless} for what Driftless wrote, as they say
   * {@code kubectl-edit} or {@code kube-controller-manager} (an HPA's scale) for the others'
   * writes: how a drift's {@code changedBy} tells them apart.
   */
  static final String USER_AGENT =
      "driftless/"
          + java.util.Objects.requireNonNullElse(
              ClusterConfig.class.getPackage().getImplementationVersion(), "dev");

  @Bean(destroyMethod = "close")
  @Lazy
  KubernetesClient kubernetesClient(ClusterSettings settings) {
    var config = settings.kubeconfig().isEmpty() ? Config.autoConfigure(null) : fromFile(settings);
    config.setUserAgent(USER_AGENT);
    log.info(
        "Cluster {} from {}",
        config.getMasterUrl(),
        settings.kubeconfig().isEmpty() ? "fabric8's auto-configuration" : settings.kubeconfig());
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  private static Config fromFile(ClusterSettings settings) {
    var file = new File(settings.kubeconfig());
    if (!file.isFile()) {
      throw new IllegalStateException(
          "driftless.cluster.kubeconfig: there is no file " + file.getAbsolutePath());
    }
    return Config.fromKubeconfig(null, file);
  }

  /**
   * The watches of owned objects; nothing is watched until the reconcile scopes them (so with
   * reconciles or watches off, this costs nothing). They hear of the gateway's writes.
   */
  @Bean(destroyMethod = "close")
  Fabric8ClusterWatches clusterWatches(@Lazy KubernetesClient client, ClusterSettings settings) {
    return new Fabric8ClusterWatches(client, settings.watchMaxBackoff());
  }

  @Bean
  ClusterGateway clusterGateway(@Lazy KubernetesClient client, Fabric8ClusterWatches watches) {
    var gateway = new Fabric8ClusterGateway(client, watches);
    watches.contexts(gateway::watchContext);
    return gateway;
  }

  @Bean
  ApplicationListener<ApplicationReadyEvent> clusterClientWarmUp(
      ObjectProvider<KubernetesClient> client) {
    return ready -> {
      DaemonThreads.create("cluster-client-warm-up", () -> warmUp(client)).start();
    };
  }

  private static void warmUp(ObjectProvider<KubernetesClient> client) {
    try {
      client.getObject();
    } catch (RuntimeException e) {
      // The first deploy makes it again and reports the problem to its client.
      log.warn("Cannot make the cluster client: {}", e.getMessage());
    }
  }
}
