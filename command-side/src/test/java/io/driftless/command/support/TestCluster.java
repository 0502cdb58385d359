package io.driftless.command.support;

import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import java.nio.file.Path;
import java.util.UUID;

/**
 * A sandbox cluster for a test context, as a real cluster would be given to the command side: on a
 * free port, objects in memory, and a kubeconfig under {@code target/} for {@code
 * driftless.cluster.kubeconfig}. It runs until the JVM exits, as long as the test's cached Spring
 * context may use it.
 */
public final class TestCluster {

  private TestCluster() {}

  /** Starts a sandbox and returns the path of its kubeconfig. */
  public static String kubeconfig() {
    return kubeconfig(null);
  }

  /**
   * Starts a sandbox that saves its objects to {@code store} after every write (null: in memory)
   * and returns the path of its kubeconfig. The store file lists every object with its
   * resourceVersion and the last resourceVersion issued: a test that compares it before and after a
   * request sees any write the request made.
   */
  public static String kubeconfig(Path store) {
    var kubeconfig = Path.of("target", "kubeconfig-" + UUID.randomUUID() + ".yaml");
    var sandbox = SandboxCluster.start(new SandboxSettings("127.0.0.1", 0, kubeconfig, store));
    Runtime.getRuntime().addShutdownHook(new Thread(sandbox::close, "test-cluster-shutdown"));
    return kubeconfig.toAbsolutePath().toString();
  }
}
