package io.driftless.command.cluster;

import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;

/**
 * The embedded default cluster: fabric8's mock API server in CRUD mode on a local port, plain HTTP,
 * with a kubeconfig written beside the data so that curl or {@code kubectl get --raw} can look at
 * it and change it. It keeps uid, resourceVersion and generation, but has no discovery, no
 * controllers and no server-side apply.
 */
public final class SandboxCluster implements AutoCloseable {

  private final KubernetesMockServer server;
  private final Path kubeconfig;

  private SandboxCluster(KubernetesMockServer server, Path kubeconfig) {
    this.server = server;
    this.kubeconfig = kubeconfig;
  }

  /** Starts the sandbox on {@code host:port} (port 0 picks a free one) and writes a kubeconfig. */
  public static SandboxCluster start(String host, int port, Path kubeconfig) {
    var server =
        new KubernetesMockServer(
            new Context(),
            new MockWebServer(),
            new HashMap<>(),
            new KubernetesCrudDispatcher(List.of()),
            false);
    try {
      server.init(InetAddress.getByName(host), port);
      var sandbox = new SandboxCluster(server, kubeconfig);
      sandbox.writeKubeconfig();
      return sandbox;
    } catch (IOException e) {
      server.destroy();
      throw new UncheckedIOException(e);
    }
  }

  /** The API server's base URL, e.g. {@code http://127.0.0.1:6443}. */
  public String url() {
    return "http://" + server.getHostName() + ":" + server.getPort();
  }

  /** Where the kubeconfig was written. */
  public Path kubeconfig() {
    return kubeconfig;
  }

  private void writeKubeconfig() throws IOException {
    Files.createDirectories(kubeconfig.toAbsolutePath().getParent());
    Files.writeString(
        kubeconfig,
        """
        apiVersion: v1
        kind: Config
        clusters:
        - name: driftless-sandbox
          cluster:
            server: %s
        users:
        - name: driftless
          user:
            token: sandbox
        contexts:
        - name: driftless-sandbox
          context:
            cluster: driftless-sandbox
            user: driftless
            namespace: default
        current-context: driftless-sandbox
        """
            .formatted(url()));
  }

  @Override
  public void close() {
    server.destroy();
  }
}
