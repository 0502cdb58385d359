package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.TestCluster;
import io.driftless.security.TokenHash;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 29 point 3 over HTTP with security on: {@code GET .../live/{kind}/{name}} answers an object
 * of the app as the cluster has it now (an outside edit included, its field managers kept) to a
 * {@code viewer}; a Secret's values are masked, never sent; an object the app does not own is 404,
 * however it exists in the cluster; a missing apiVersion is 400; a token without {@code viewer} is
 * 403.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class LiveApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String DEPLOYER = "deployer-token-of-live-it";
  private static final String VIEWER = "viewer-token-of-live-it";
  private static final String PASSWORD = "s3cret-value-of-live-it";

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = Path.of("target", "live-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.security.tokens[0].name", () -> "ci");
    registry.add("driftless.security.tokens[0].hash", () -> TokenHash.of(DEPLOYER));
    registry.add("driftless.security.tokens[0].roles", () -> "deployer");
    registry.add("driftless.security.tokens[1].name", () -> "eve");
    registry.add("driftless.security.tokens[1].hash", () -> TokenHash.of(VIEWER));
    registry.add("driftless.security.tokens[1].roles", () -> "viewer");
  }

  @LocalServerPort int port;
  @Autowired KubernetesClient cluster;

  private HttpResponse<String> send(String method, String path, String token, String body)
      throws Exception {
    var request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", "Bearer " + token)
            .header("Content-Type", "application/yaml")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode json(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  private static String manifest(String app) {
    return """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %s
          namespace: default
        data:
          level: one
        ---
        apiVersion: v1
        kind: Secret
        metadata:
          name: %s-creds
          namespace: default
        stringData:
          password: %s
        """
        .formatted(app, app, PASSWORD);
  }

  @Test
  void aViewerReadsTheAppsLiveObjectWithItsManagersAndTheOutsideEdit() throws Exception {
    json(send("POST", "/api/apps/default/live-app/deploy", DEPLOYER, manifest("live-app")), 200);
    var maps = cluster.configMaps().inNamespace("default");
    var edited = maps.withName("live-app").get();
    edited.getData().put("level", "edited outside");
    maps.resource(edited).update();

    var live =
        json(
            send(
                "GET",
                "/api/apps/default/live-app/live/ConfigMap/live-app?namespace=default&apiVersion=v1",
                VIEWER,
                null),
            200);
    assertThat(live.at("/data/level").asText()).isEqualTo("edited outside");
    assertThat(live.at("/metadata/managedFields").isArray()).isTrue();
    assertThat(live.at("/metadata/managedFields").size()).isGreaterThanOrEqualTo(1);
    assertThat(live.at("/metadata/labels/driftless.io~1app").isTextual()).isTrue();
  }

  @Test
  void aSecretsValuesAreMaskedNeverSent() throws Exception {
    json(
        send("POST", "/api/apps/default/live-secret/deploy", DEPLOYER, manifest("live-secret")),
        200);
    var answer =
        send(
            "GET",
            "/api/apps/default/live-secret/live/Secret/live-secret-creds?namespace=default&apiVersion=v1",
            VIEWER,
            null);
    var live = json(answer, 200);
    assertThat(live.at("/data/password").asText()).isEqualTo("<-- value not shown (#1)");
    assertThat(answer.body())
        .doesNotContain(PASSWORD)
        .doesNotContain(Base64.getEncoder().encodeToString(PASSWORD.getBytes()));
  }

  @Test
  void anObjectTheAppDoesNotOwnIs404AndBadInputIs400Or403() throws Exception {
    json(send("POST", "/api/apps/default/live-own/deploy", DEPLOYER, manifest("live-own")), 200);
    json(
        send("POST", "/api/apps/default/live-other/deploy", DEPLOYER, manifest("live-other")), 200);
    // the object exists in the cluster, but it is another app's
    var other =
        json(
            send(
                "GET",
                "/api/apps/default/live-own/live/ConfigMap/live-other?namespace=default&apiVersion=v1",
                VIEWER,
                null),
            404);
    assertThat(other.get("error").asText()).isEqualTo("not_found");
    assertThat(other.get("message").asText()).contains("does not own");
    json(
        send(
            "GET",
            "/api/apps/default/never-deployed/live/ConfigMap/x?namespace=default&apiVersion=v1",
            VIEWER,
            null),
        404);
    var noVersion =
        json(
            send(
                "GET",
                "/api/apps/default/live-own/live/ConfigMap/live-own?namespace=default",
                VIEWER,
                null),
            400);
    assertThat(noVersion.get("error").asText()).isEqualTo("bad_parameter");
    json(
        send(
            "GET",
            "/api/apps/default/live-own/live/ConfigMap/live-own?namespace=default&apiVersion=v1",
            DEPLOYER,
            null),
        403);
  }
}
