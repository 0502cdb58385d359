package io.driftless.sandbox;

import io.driftless.sandbox.controllers.Controller;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * Where the sandbox listens, what it writes and which simulated controllers it runs.
 *
 * @param host the address to listen on, e.g. {@code 127.0.0.1}
 * @param port the port; 0 picks a free one (the kubeconfig names the real one)
 * @param kubeconfig where the kubeconfig for clients is written
 * @param store the file that keeps the objects across restarts; {@code null} keeps them in memory
 *     only
 * @param controllers the controllers and webhooks it runs ({@link Controller#defaults()}: those of
 *     a plain cluster)
 */
public record SandboxSettings(
    String host, int port, Path kubeconfig, Path store, Set<Controller> controllers) {

  /** The default port, the API server's usual one. */
  public static final int DEFAULT_PORT = 6443;

  public SandboxSettings {
    controllers = controllers.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(controllers));
  }

  /** The settings with the controllers of a plain cluster. */
  public SandboxSettings(String host, int port, Path kubeconfig, Path store) {
    this(host, port, kubeconfig, store, Controller.defaults());
  }

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
    return new SandboxSettings(host, newPort, kubeconfig, store, controllers);
  }

  public SandboxSettings withHost(String newHost) {
    return new SandboxSettings(newHost, port, kubeconfig, store, controllers);
  }

  /** The same running {@code running} (and no other controller or webhook). */
  public SandboxSettings withControllers(Set<Controller> running) {
    return new SandboxSettings(host, port, kubeconfig, store, running);
  }

  /** The same without a store file: objects live as long as the process. */
  public SandboxSettings inMemory() {
    return new SandboxSettings(host, port, kubeconfig, null, controllers);
  }
}
