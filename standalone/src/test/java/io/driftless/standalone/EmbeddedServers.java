package io.driftless.standalone;

import io.driftless.sandbox.SandboxCluster;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.test.context.DynamicPropertyRegistry;

/** What the standalone server's tests share: a data directory of their own, kubectl's writes. */
public final class EmbeddedServers {

  private EmbeddedServers() {}

  /** A fresh data directory under target/ and a free port for the sandbox. */
  public static void dataDirAndFreeSandboxPort(DynamicPropertyRegistry registry)
      throws IOException {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  private static final Map<SandboxCluster, HttpClient> SANDBOX_CLIENTS = new ConcurrentHashMap<>();

  /** An HTTP client trusting the sandbox's certificate (it serves HTTPS, as an API server). */
  public static HttpClient sandboxClient(SandboxCluster sandbox) {
    return SANDBOX_CLIENTS.computeIfAbsent(
        sandbox, s -> HttpClient.newBuilder().sslContext(s.sslContext()).build());
  }

  /**
   * A request to the sandbox's API server at {@code url}, with the bearer token of its kubeconfig,
   * as {@code kubectl} sends it.
   */
  public static HttpRequest.Builder sandboxRequest(SandboxCluster sandbox, String url) {
    return HttpRequest.newBuilder(URI.create(url))
        .header("Authorization", "Bearer " + sandbox.token());
  }

  /**
   * Creates, through the sandbox's API as {@code kubectl apply} would, an HPA that is not any app's
   * (another team's) scaling the Deployment {@code target} in {@code default} to at least {@code
   * minReplicas}; returns the API server's status code (201).
   */
  public static int foreignHpa(SandboxCluster sandbox, String name, String target, int minReplicas)
      throws IOException, InterruptedException {
    var hpa =
        """
        {"apiVersion":"autoscaling/v2","kind":"HorizontalPodAutoscaler",
         "metadata":{"name":"%s","namespace":"default"},
         "spec":{"scaleTargetRef":{"apiVersion":"apps/v1","kind":"Deployment","name":"%s"},
                 "minReplicas":%d,"maxReplicas":10}}
        """
            .formatted(name, target, minReplicas);
    return sandboxClient(sandbox)
        .send(
            sandboxRequest(
                    sandbox,
                    sandbox.url()
                        + "/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers")
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(hpa))
                .build(),
            HttpResponse.BodyHandlers.ofString())
        .statusCode();
  }
}
