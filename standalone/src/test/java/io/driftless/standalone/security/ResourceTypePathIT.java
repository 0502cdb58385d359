package io.driftless.standalone.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.sandbox.SandboxCluster;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 32 point 4 over real HTTP on the standalone server: a resource's {@code kind}, {@code
 * apiVersion}, a CRD's group and plural, and an RBAC object's name end up in the path of the
 * request sent to the cluster, so path characters in them ({@code /}, {@code ..}, {@code ?}, {@code
 * #}, {@code %2f}) steered that request (a kind {@code Secret%2f..} was applied under a made-up
 * path). Each is now a {@code 422 invalid_resources} naming the document, with nothing stored and
 * not one request sent to the sandbox (its request counter, reads included).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ResourceTypePathIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "kind-path-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;
  @Autowired JdbcTemplate jdbc;

  private static String object(String apiVersion, String kind, String name) {
    return "apiVersion: '%s'\nkind: '%s'\nmetadata:\n  name: '%s'\ndata:\n  a: YQ==\n"
        .formatted(apiVersion, kind, name);
  }

  private static String crd(String group, String plural, String kind) {
    return """
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata:
          name: widgets.example.com
        spec:
          group: '%s'
          names: {plural: '%s', kind: '%s'}
          scope: Namespaced
          versions: [{name: v1, served: true, storage: true}]
        ---
        apiVersion: '%s/v1'
        kind: '%s'
        metadata:
          name: one
        """
        .formatted(group, plural, kind, group, kind);
  }

  @Test
  void pathCharactersInKindOrApiVersionAre422AndNothingReachesTheCluster() throws Exception {
    var ok = deploy("good", object("v1", "ConfigMap", "settings"));
    assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);

    var bodies =
        List.of(
            object("v1", "Secret%2f..", "x"),
            object("v1", "Secret/../../configmaps", "x"),
            object("v1", "ConfigMap/x", "x"),
            object("v1", "ConfigMap?dryRun=All", "x"),
            object("v1", "ConfigMap#x", "x"),
            object("v1", "Config.Map", "x"),
            object("v1", "..", "x"),
            object("v1", "Config Map", "x"),
            object("v1/../../apis", "ConfigMap", "x"),
            object("apps/v1/x", "Deployment", "x"),
            object("/v1", "ConfigMap", "x"),
            object("v1?watch=true", "ConfigMap", "x"),
            object("v1#x", "ConfigMap", "x"),
            object("v1%2f..", "ConfigMap", "x"),
            object("a?b/v1", "Widget", "x"),
            object("example.com%2f../v1", "Widget", "x"),
            object("Example.com/v1", "Widget", "x"),
            object("rbac.authorization.k8s.io/v1", "ClusterRole", "reader?dryRun=All"),
            object("rbac.authorization.k8s.io/v1", "ClusterRole", "reader#x"),
            object("rbac.authorization.k8s.io/v1", "ClusterRole", "reader x"),
            crd("example.com", "widgets/../../secrets", "Widget"),
            crd("example.com", "widgets?x", "Widget"),
            crd("example.com/..", "widgets", "Widget"),
            crd("example.com", "widgets", "Wid/get"));
    for (var body : bodies) {
      var events = events();
      var requests = sandbox.requests();

      var refused = deploy("steered", body);

      assertThat(refused.statusCode()).as(body + refused.body()).isEqualTo(422);
      JsonNode answer = JSON.readTree(refused.body());
      assertThat(answer.get("error").asText()).as(body).isEqualTo("invalid_resources");
      assertThat(answer.get("message").asText()).as(body).isNotBlank();
      assertThat(answer.get("details").toString()).as(body).contains("document ");
      assertThat(sandbox.requests())
          .as("requests sent to the cluster for " + body)
          .isEqualTo(requests);
      assertThat(events()).as("events stored for " + body).isEqualTo(events);
    }
  }

  @Test
  void realKindsVersionsAndRbacNamesStillDeploy() throws Exception {
    var body =
        object("v1", "ConfigMap", "plain")
            + "---\n"
            + "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n"
            + "  name: 'system:reader@x'\nrules: []\n"
            + "---\n"
            + crd("stable.example.com", "widgets", "Wid-get")
                .replace("widgets.example.com", "widgets.stable.example.com");
    var ok = deploy("real", body);
    assertThat(ok.statusCode()).as(ok.body()).isEqualTo(200);
    assertThat(JSON.readTree(ok.body()).get("description").asText()).contains("4 create");
  }

  private long events() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private HttpResponse<String> deploy(String app, String yaml) throws Exception {
    var request =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/api/apps/default/" + app + "/deploy"))
            .header("Content-Type", "application/yaml")
            .POST(HttpRequest.BodyPublishers.ofString(yaml))
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
