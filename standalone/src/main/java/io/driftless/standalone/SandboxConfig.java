package io.driftless.standalone;

import io.driftless.sandbox.SandboxCluster;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The embedded default's cluster: the sandbox, started in this JVM before the command side's
 * client, which finds it through the kubeconfig the sandbox writes, as it would a real cluster.
 *
 * <p>It starts in the background, beside the other singletons: starting Vert.x and verifying the
 * signed Bouncy Castle jars the mock server links against took a tenth of the main thread's start.
 * The context still waits for it before it finishes starting, and a sandbox that cannot start (port
 * taken, store locked) still stops the server.
 */
@Configuration(proxyBeanMethods = false)
@Conditional(SandboxWanted.class)
class SandboxConfig {

  @Bean(destroyMethod = "close", bootstrap = Bean.Bootstrap.BACKGROUND)
  SandboxCluster sandboxCluster(Environment environment) {
    // Bound here rather than injected: a bean started in the background may only depend on beans
    // that already exist.
    var properties =
        Binder.get(environment).bindOrCreate("driftless.sandbox", SandboxProperties.class);
    return SandboxCluster.start(properties.settings());
  }

  @Bean
  static ClientAfterSandbox clientAfterSandbox() {
    return new ClientAfterSandbox();
  }
}
