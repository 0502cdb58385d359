package io.driftless.standalone;

import io.driftless.sandbox.SandboxSettings;
import java.nio.file.Path;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The embedded sandbox cluster: where it listens, where it writes its kubeconfig and where it keeps
 * its objects (defaults under {@code driftless.data-dir}, see application.yml).
 */
@ConfigurationProperties("driftless.sandbox")
record SandboxProperties(String host, int port, Path kubeconfig, Path store) {

  SandboxSettings settings() {
    return new SandboxSettings(host, port, kubeconfig, store);
  }
}
