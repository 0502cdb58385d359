package io.driftless.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The README's walkthrough on the embedded defaults (H2 file database, sandbox cluster, one JVM):
 * v1, v2, v2 again, with kapp's answers and no event for the no-op deploy; the views, fed
 * in-process, show both changes and the three resources.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class EmbeddedWalkthroughIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  private JsonNode deploy(String file) throws Exception {
    var body = Files.readString(Path.of("..", "examples", file));
    var request =
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/api/apps/default/simple-app/deploy"))
            .header("Content-Type", "application/yaml")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build();
    var response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private long events() {
    return jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  /**
   * Issue 25: a thread interrupted while it writes (a stop's {@code shutdownNow}, a flag re-set
   * after an {@code InterruptedException}) must not close the database for every other thread. With
   * H2's default {@code nio} file system the interrupt closed its {@code FileChannel}: every later
   * query of the server failed "The database has been closed" until a restart (the outside-edit
   * fuzz test's 500-action run hit it: reconciles, relay and crash recovery all failing).
   */
  @Test
  void aWriteOnAnInterruptedThreadLeavesTheDatabaseOpen() {
    jdbc.execute(
        "CREATE TABLE IF NOT EXISTS interrupt_probe (id INT PRIMARY KEY, note VARCHAR(200))");
    Thread.currentThread().interrupt();
    try {
      jdbc.update("INSERT INTO interrupt_probe VALUES (1, ?)", "x".repeat(200));
    } finally {
      Thread.interrupted();
    }

    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM interrupt_probe", Long.class)).isOne();
    assertThat(events()).isNotNegative();
  }

  @Test
  void simpleAppWalkthroughOnEmbeddedDefaults() throws Exception {
    assertThat(jdbc.getDataSource().getConnection().getMetaData().getURL()).startsWith("jdbc:h2:");

    assertThat(deploy("simple-app-v1.yml").get("description").asText())
        .contains("Op: 2 create, 0 delete, 0 update");
    assertThat(deploy("simple-app-v2.yml").get("description").asText())
        .contains("Op: 2 create, 1 delete, 1 update");
    var before = events();
    var again = deploy("simple-app-v2.yml");

    assertThat(again.get("changeId").isNull()).isTrue();
    assertThat(events()).isEqualTo(before);

    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () -> {
              var changes = get("/api/apps/default/simple-app/changes");
              assertThat(changes).hasSize(2);
              assertThat(changes.get(0).get("changeId").asText())
                  .isEqualTo("simple-app-change-000002");
              assertThat(changes.get(0).get("description").asText())
                  .contains("Op: 2 create, 1 delete, 1 update");
              assertThat(changes.get(1).get("description").asText())
                  .contains("Op: 2 create, 0 delete, 0 update");
            });
    var overview = get("/api/apps/default/simple-app");
    assertThat(overview.get("resourceCounts").toString())
        .isEqualTo("{\"ConfigMap\":1,\"Deployment\":1,\"Service\":1}");
    assertThat(overview.get("changeInProgress").isNull()).isTrue();
    var change = get("/api/apps/default/simple-app/changes/simple-app-change-000002");
    assertThat(change.get("changes")).hasSize(4);
  }

  private JsonNode get(String path) throws Exception {
    var response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue("Driftless-View-Position")).isPresent();
    return JSON.readTree(response.body());
  }
}
