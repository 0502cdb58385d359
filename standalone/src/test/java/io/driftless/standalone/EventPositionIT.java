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
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The CLI's wait for its own change (issue 15): a command's {@code eventPosition} (field and {@code
 * Driftless-Event-Position} header) is reached by the query side's {@code Driftless-View-Position},
 * and once it is the change is visible in the views; for a plain and a streamed ({@code
 * application/x-ndjson}) deploy, on the embedded defaults.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class EventPositionIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String APP = "/api/apps/default/simple-app";

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void theViewPositionReachesTheCommandsEventPositionWhenTheChangeIsVisible() throws Exception {
    var v1 =
        http.send(
            deploy("simple-app-v1.yml", "application/json"), HttpResponse.BodyHandlers.ofString());
    assertThat(v1.statusCode()).as(v1.body()).isEqualTo(200);
    var answer = JSON.readTree(v1.body());
    var first = answer.get("eventPosition").asLong();
    assertThat(first).isPositive();
    assertThat(v1.headers().firstValue("Driftless-Event-Position")).hasValue(Long.toString(first));

    var changes = awaitPosition(first);
    assertThat(changes.get(0).get("changeId").asText()).isEqualTo("simple-app-change-000001");
    assertThat(changes.get(0).get("finishedAt").isNull()).isFalse();

    var streamed = streamedDeploy("simple-app-v2.yml");
    var result = streamed.get(streamed.size() - 1);
    assertThat(streamed.get(0).get("type").asText()).isEqualTo("plan");
    assertThat(result.get("type").asText()).isEqualTo("result");
    var second = result.get("eventPosition").asLong();
    assertThat(second).isGreaterThan(first);

    changes = awaitPosition(second);
    assertThat(changes.get(0).get("changeId").asText()).isEqualTo("simple-app-change-000002");
    assertThat(changes.get(0).get("successful").asBoolean()).isTrue();
    assertThat(changes.get(0).get("description").asText())
        .isEqualTo(result.get("description").asText());
  }

  /** Polls the history as the CLI does until its position header reaches {@code position}. */
  private JsonNode awaitPosition(long position) {
    var seen = new JsonNode[1];
    await("view position " + position)
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(100))
        .untilAsserted(
            () -> {
              var response =
                  http.send(
                      HttpRequest.newBuilder(URI.create(base() + APP + "/changes")).build(),
                      HttpResponse.BodyHandlers.ofString());
              var header = response.headers().firstValue("Driftless-View-Position").orElseThrow();
              assertThat(Long.parseLong(header)).isGreaterThanOrEqualTo(position);
              assertThat(response.statusCode()).isEqualTo(200);
              seen[0] = JSON.readTree(response.body());
            });
    return seen[0];
  }

  private List<JsonNode> streamedDeploy(String file) throws Exception {
    var response =
        http.send(deploy(file, "application/x-ndjson"), HttpResponse.BodyHandlers.ofLines());
    assertThat(response.statusCode()).isEqualTo(200);
    var lines = new ArrayList<JsonNode>();
    try (var body = response.body()) {
      body.forEach(
          line -> {
            try {
              lines.add(JSON.readTree(line));
            } catch (Exception e) {
              throw new IllegalStateException(line, e);
            }
          });
    }
    return lines;
  }

  private HttpRequest deploy(String file, String accept) throws Exception {
    var body = Files.readString(Path.of("..", "examples", file));
    return HttpRequest.newBuilder(URI.create(base() + APP + "/deploy"))
        .header("Content-Type", "application/yaml")
        .header("Accept", accept)
        .POST(HttpRequest.BodyPublishers.ofString(body))
        .build();
  }

  private String base() {
    return "http://127.0.0.1:" + port;
  }
}
