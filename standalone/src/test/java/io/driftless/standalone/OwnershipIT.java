package io.driftless.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Two apps sharing objects, on the embedded defaults (issue "deploy safety", point 2): kapp's
 * guestbook deployed as part of two apps in one namespace. The second deploy is refused (409, every
 * shared object listed) and writes nothing; with {@code overrideOwnership=true} the second app owns
 * the shared objects and the first app's inventory stops showing them; deleting either app leaves
 * the other's objects in the cluster.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class OwnershipIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> GUESTBOOK =
      List.of(
          "Deployment/frontend",
          "Deployment/redis-primary",
          "Deployment/redis-replica",
          "Service/frontend",
          "Service/redis-primary",
          "Service/redis-replica");

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void sharedObjectsBelongToOneAppAtATime() throws Exception {
    var one = example("guestbook.yml") + "\n---\n" + example("simple-app-v1.yml");
    var two = example("guestbook.yml") + "\n---\n" + example("redis-with-configmap.yml");
    assertThat(body(deploy("app-one", one, ""), 200).get("description").asText())
        .contains("Op: 8 create");
    var versions = guestbookVersions();
    var events = events();

    var refused = body(deploy("app-two", two, ""), 409);

    assertThat(refused.get("error").asText()).isEqualTo("ownership_conflict");
    var details = new ArrayList<String>();
    refused.get("details").forEach(d -> details.add(d.asText()));
    assertThat(details)
        .hasSize(6)
        .allMatch(
            d ->
                d.endsWith(
                    "different app 'app-one' namespace: default"
                        + " (label 'driftless.io/app=app-one.default')"))
        .anyMatch(d -> d.startsWith("Resource 'deployment/frontend (apps/v1) namespace: default'"));
    assertThat(events()).isEqualTo(events);
    assertThat(guestbookVersions()).isEqualTo(versions);
    assertThat(cluster.pods().inNamespace("default").withName("redis").get()).isNull();

    var takeover = body(deploy("app-two", two, "?overrideOwnership=true"), 200);

    assertThat(takeover.get("description").asText()).contains("Op: 2 create, 0 delete, 6 update");
    assertThat(guestbookOwners()).containsOnly("app-two.default");
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              assertThat(inventory("app-one"))
                  .containsExactly("Deployment/simple-app", "Service/simple-app");
              assertThat(inventory("app-two")).containsAll(GUESTBOOK).hasSize(8);
              assertThat(get("/api/apps/default/app-one").get("resourceCounts").toString())
                  .isEqualTo("{\"Deployment\":1,\"Service\":1}");
            });

    body(delete("app-one"), 200);
    assertThat(cluster.apps().deployments().inNamespace("default").withName("simple-app").get())
        .isNull();
    assertThat(guestbookOwners()).hasSize(6).containsOnly("app-two.default");

    body(deploy("app-one", example("simple-app-v1.yml"), ""), 200);
    body(delete("app-two"), 200);
    assertThat(guestbookOwners()).isEmpty();
    assertThat(cluster.pods().inNamespace("default").withName("redis").get()).isNull();
    assertThat(cluster.apps().deployments().inNamespace("default").withName("simple-app").get())
        .isNotNull();
  }

  private List<HasMetadata> guestbookObjects() {
    var objects = new ArrayList<HasMetadata>();
    for (var name : List.of("frontend", "redis-primary", "redis-replica")) {
      objects.add(cluster.apps().deployments().inNamespace("default").withName(name).get());
      objects.add(cluster.services().inNamespace("default").withName(name).get());
    }
    objects.removeIf(java.util.Objects::isNull);
    return objects;
  }

  private TreeMap<String, String> guestbookVersions() {
    var versions = new TreeMap<String, String>();
    guestbookObjects()
        .forEach(
            o ->
                versions.put(
                    o.getKind() + "/" + o.getMetadata().getName(),
                    o.getMetadata().getResourceVersion()));
    return versions;
  }

  private List<String> guestbookOwners() {
    return guestbookObjects().stream()
        .map(o -> o.getMetadata().getLabels().get("driftless.io/app"))
        .toList();
  }

  private List<String> inventory(String app) throws Exception {
    var names = new ArrayList<String>();
    get("/api/apps/default/" + app + "/resources")
        .forEach(r -> names.add(r.get("kind").asText() + "/" + r.get("name").asText()));
    return names;
  }

  private long events() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private static String example(String file) throws Exception {
    return Files.readString(Path.of("..", "examples", file));
  }

  private HttpResponse<String> deploy(String app, String yaml, String query) throws Exception {
    var uri = URI.create(base() + "/api/apps/default/" + app + "/deploy" + query);
    var request =
        HttpRequest.newBuilder(uri)
            .header("Content-Type", "application/yaml")
            .POST(HttpRequest.BodyPublishers.ofString(yaml))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> delete(String app) throws Exception {
    var request = HttpRequest.newBuilder(URI.create(base() + "/api/apps/default/" + app)).DELETE();
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode get(String path) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    return body(response, 200);
  }

  private static JsonNode body(HttpResponse<String> response, int status) throws Exception {
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
    return JSON.readTree(response.body());
  }

  private String base() {
    return "http://127.0.0.1:" + port;
  }
}
