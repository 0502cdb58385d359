package io.driftless.command.config;

import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.cluster.Fabric8ClusterGateway;
import io.driftless.command.cluster.SandboxCluster;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Which cluster: {@code driftless.cluster.mode=sandbox} (the embedded default) starts the sandbox
 * API server and writes its kubeconfig to {@code driftless.sandbox.kubeconfig}; {@code kubeconfig}
 * (the distributed default) reads {@code driftless.cluster.kubeconfig} when set, else fabric8's
 * auto-configuration: {@code KUBECONFIG}, {@code ~/.kube/config} or the in-cluster service account.
 */
@Configuration(proxyBeanMethods = false)
class ClusterConfig {

  private static final Logger log = LoggerFactory.getLogger(ClusterConfig.class);

  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(
      name = "driftless.cluster.mode",
      havingValue = "sandbox",
      matchIfMissing = true)
  SandboxCluster sandboxCluster(
      @Value("${driftless.sandbox.host:127.0.0.1}") String host,
      @Value("${driftless.sandbox.port:6443}") int port,
      @Value("${driftless.sandbox.kubeconfig:./data/sandbox-kubeconfig.yaml}") Path kubeconfig) {
    var sandbox = SandboxCluster.start(host, port, kubeconfig);
    log.info(
        "Sandbox cluster at {}; kubeconfig {}",
        sandbox.url(),
        sandbox.kubeconfig().toAbsolutePath());
    return sandbox;
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(
      name = "driftless.cluster.mode",
      havingValue = "sandbox",
      matchIfMissing = true)
  KubernetesClient sandboxClient(SandboxCluster sandbox) {
    return new KubernetesClientBuilder()
        .withConfig(
            new ConfigBuilder(Config.empty())
                .withMasterUrl(sandbox.url())
                .withNamespace("default")
                .build())
        .build();
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(name = "driftless.cluster.mode", havingValue = "kubeconfig")
  KubernetesClient kubeconfigClient(@Value("${driftless.cluster.kubeconfig:}") String kubeconfig)
      throws java.io.IOException {
    var config =
        kubeconfig.isBlank()
            ? Config.autoConfigure(null)
            : Config.fromKubeconfig(Files.readString(Path.of(kubeconfig)));
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  @Bean
  ClusterGateway clusterGateway(KubernetesClient client) {
    return new Fabric8ClusterGateway(client);
  }
}
