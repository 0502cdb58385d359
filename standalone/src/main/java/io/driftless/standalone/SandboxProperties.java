package io.driftless.standalone;

import io.driftless.sandbox.SandboxSettings;
import java.nio.file.Path;

/**
 * The embedded sandbox cluster ({@code driftless.sandbox.*}, bound by {@link SandboxConfig}): where
 * it listens, where it writes its kubeconfig and where it keeps its objects (defaults under {@code
 * driftless.data-dir}, see application.yml).
 */
record SandboxProperties(String host, int port, Path kubeconfig, Path store) {

  SandboxSettings settings() {
    return new SandboxSettings(host, port, kubeconfig, store);
  }
}
