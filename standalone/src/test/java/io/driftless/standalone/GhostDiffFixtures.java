package io.driftless.standalone;

import static io.driftless.standalone.GhostDiffEndToEndIT.NS;
import static io.driftless.standalone.GhostDiffEndToEndIT.VIEWS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.SandboxCluster;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * What {@link GhostDiffEndToEndIT} deploys and does as kubectl: the app's Deployment manifest, and
 * reads and edits of that Deployment through the sandbox's API server.
 */
final class GhostDiffFixtures {

  private static final ObjectMapper JSON = new ObjectMapper();

  private GhostDiffFixtures() {}

  // --- the app's manifests

  static String deployment(String name, int replicas, String templateLabels) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: %s
        spec:
          replicas: %d
          selector:
            matchLabels:
              app: %s
          template:
            metadata:
              labels:
                app: %s%s
            spec:
              containers:
              - name: app
                image: nginx:1.27
        """
        .formatted(name, replicas, name, name, templateLabels);
  }

  // --- the sandbox's API server, as kubectl reaches it

  private static String deploymentUrl(SandboxCluster sandbox, String name) {
    return sandbox.url() + "/apis/apps/v1/namespaces/" + NS + "/deployments/" + name;
  }

  static JsonNode sandboxObject(SandboxCluster sandbox, String name) throws Exception {
    var response =
        EmbeddedServers.sandboxClient(sandbox)
            .send(
                EmbeddedServers.sandboxRequest(sandbox, deploymentUrl(sandbox, name)).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  /**
   * What {@code kubectl edit} does: read, change one field, PUT with the read resourceVersion.
   * Answers the generation the edit left.
   */
  static long editImage(SandboxCluster sandbox, String name, String image) throws Exception {
    var generation = new long[1];
    await()
        .atMost(VIEWS)
        .until(
            () -> {
              var object = (ObjectNode) sandboxObject(sandbox, name);
              ((ObjectNode) object.at("/spec/template/spec/containers/0")).put("image", image);
              var response =
                  EmbeddedServers.sandboxClient(sandbox)
                      .send(
                          EmbeddedServers.sandboxRequest(sandbox, deploymentUrl(sandbox, name))
                              .header("Content-Type", "application/json")
                              .PUT(HttpRequest.BodyPublishers.ofString(object.toString()))
                              .build(),
                          HttpResponse.BodyHandlers.ofString());
              // 409: a reconcile wrote in between; read again, as kubectl edit would
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
