package io.driftless.standalone;

import io.driftless.sandbox.SandboxCluster;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

/**
 * The embedded default's cluster: the sandbox, started in this JVM before the command side's
 * client, which finds it through the kubeconfig the sandbox writes, as it would a real cluster.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(SandboxWanted.class)
class SandboxConfig {

  @Bean(destroyMethod = "close")
  SandboxCluster sandboxCluster(SandboxProperties properties) {
    return SandboxCluster.start(properties.settings());
  }

  @Bean
  static ClientAfterSandbox clientAfterSandbox() {
    return new ClientAfterSandbox();
  }
}
