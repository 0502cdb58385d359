package io.driftless.sandbox;

import java.nio.file.Path;

/**
 * Where the sandbox listens and what it writes.
 *
 * @param host the address to listen on, e.g. {@code 127.0.0.1}
 * @param port the port; 0 picks a free one (the kubeconfig names the real one)
 * @param kubeconfig where the kubeconfig for clients is written
 * @param store the file that keeps the objects across restarts; {@code null} keeps them in memory
 *     only
 */
public record SandboxSettings(String host, int port, Path kubeconfig, Path store) {

  /** The default port, the API server's usual one. */
  public static final int DEFAULT_PORT = 6443;

  /**
   * 127.0.0.1:6443, {@code <dataDir>/sandbox-kubeconfig.yaml}, {@code
   * <dataDir>/sandbox-cluster.json}.
   */
  public static SandboxSettings under(Path dataDir) {
    return new SandboxSettings(
        "127.0.0.1",
        DEFAULT_PORT,
        dataDir.resolve("sandbox-kubeconfig.yaml"),
        dataDir.resolve("sandbox-cluster.json"));
  }

  public SandboxSettings withPort(int newPort) {
    return new SandboxSettings(host, newPort, kubeconfig, store);
  }

  public SandboxSettings withHost(String newHost) {
    return new SandboxSettings(newHost, port, kubeconfig, store);
  }

  /** The same without a store file: objects live as long as the process. */
  public SandboxSettings inMemory() {
    return new SandboxSettings(host, port, kubeconfig, null);
  }
}
