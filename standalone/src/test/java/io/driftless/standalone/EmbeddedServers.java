package io.driftless.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.SandboxCluster;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * What the standalone server's tests share: a data directory of their own, kubectl's reads and
 * writes.
 */
public final class EmbeddedServers {

  private EmbeddedServers() {}

  /** A fresh data directory under target/ and a free port for the sandbox. */
  public static void dataDirAndFreeSandboxPort(DynamicPropertyRegistry registry)
      throws IOException {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  private static final ObjectMapper JSON = new ObjectMapper();
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

  /** The sandbox's URL of the Deployment {@code name} in {@code default}. */
  public static String deploymentUrl(SandboxCluster sandbox, String name) {
    return sandbox.url() + "/apis/apps/v1/namespaces/default/deployments/" + name;
  }

  /** The Deployment {@code name} in {@code default} as the sandbox's API server answers it. */
  public static JsonNode deployment(SandboxCluster sandbox, String name) throws Exception {
    var response =
        sandboxClient(sandbox)
            .send(
                sandboxRequest(sandbox, deploymentUrl(sandbox, name)).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  /**
   * What {@code kubectl edit} does to the Deployment {@code name} in {@code default}: read, change
   * the first container's image, PUT with the read resourceVersion; on 409 (a reconcile wrote in
   * between) read again, for up to {@code within}. Answers the generation the edit left.
   */
  public static long editImage(SandboxCluster sandbox, String name, String image, Duration within) {
    var generation = new long[1];
    await()
        .atMost(within)
        .until(
            () -> {
              var object = (ObjectNode) deployment(sandbox, name);
              ((ObjectNode) object.at("/spec/template/spec/containers/0")).put("image", image);
              var response =
                  sandboxClient(sandbox)
                      .send(
                          sandboxRequest(sandbox, deploymentUrl(sandbox, name))
                              .header("Content-Type", "application/json")
                              .PUT(HttpRequest.BodyPublishers.ofString(object.toString()))
                              .build(),
                          HttpResponse.BodyHandlers.ofString());
              assertThat(response.statusCode()).as(response.body()).isIn(200, 409);
              if (response.statusCode() != 200) {
                return false;
              }
              generation[0] = JSON.readTree(response.body()).at("/metadata/generation").asLong();
              return true;
            });
    return generation[0];
  }
}
