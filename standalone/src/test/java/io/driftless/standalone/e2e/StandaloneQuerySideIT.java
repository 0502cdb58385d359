package io.driftless.standalone.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.standalone.DriftlessStandalone;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The query side inside the standalone server. {@code GET /api/projections}, whose views are fed
 * in-process: each view shows the stored time of the newest event it applied, no lag, and the same
 * time after a restart on the same data directory; the delivery metrics count the events as with
 * RabbitMQ. Unknown paths and apps answer in API.md's error shape, whichever side's advice answers.
 */
class StandaloneQuerySideIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @Test
  void projectionsShowTheLastEventTimeAlsoAfterARestart() throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    Instant lastEventAt;
    try (var server = start(dataDir)) {
      deploy(server, "simple-app-v1.yml");
      var stored = newestStoredEvent(server);
      await()
          .atMost(Duration.ofSeconds(30))
          .untilAsserted(
              () ->
                  assertThat(lastEventAt(server, "history"))
                      .isCloseTo(stored, within(1, ChronoUnit.MILLIS)));
      lastEventAt = lastEventAt(server, "history");
      for (var view : get(server, "/api/projections")) {
        assertThat(view.get("lastEventAt").isNull()).as(view.toString()).isFalse();
        assertThat(view.get("lag").asText()).isEqualTo("PT0S");
        assertThat(view.get("lagMillis").asLong()).isZero();
      }
      var applied =
          get(server, "/actuator/metrics/driftless.events?tag=outcome:applied")
              .at("/measurements/0/value")
              .asDouble();
      assertThat(applied).isEqualTo(countEvents(server));
    }
    try (var restarted = start(dataDir)) {
      assertThat(lastEventAt(restarted, "history")).isEqualTo(lastEventAt);
    }
  }

  @Test
  void unknownPathsAndAppsAnswer404InTheErrorShape() throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    try (var server = start(dataDir)) {
      for (var path :
          List.of(
              "/api/nope", "/api/apps/default/nope/changes", "/api/apps/default/nope/resources")) {
        var response =
            HTTP.send(
                HttpRequest.newBuilder(uri(server, path)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path).isEqualTo(404);
        var error = JSON.readTree(response.body());
        assertThat(error.properties())
            .extracting(Map.Entry::getKey)
            .as(path)
            .containsExactly("error", "message", "details");
        assertThat(error.get("error").asText()).isEqualTo("not_found");
      }
    }
  }

  private static ConfigurableApplicationContext start(Path dataDir) {
    return new SpringApplicationBuilder(DriftlessStandalone.class)
        .run("--server.port=0", "--driftless.data-dir=" + dataDir, "--driftless.sandbox.port=0");
  }

  private static Instant newestStoredEvent(ConfigurableApplicationContext server) {
    var jdbc = server.getBean(JdbcTemplate.class);
    return jdbc.queryForList("SELECT time_stamp FROM domain_event_entry", String.class).stream()
        .map(Instant::parse)
        .max(Instant::compareTo)
        .orElseThrow();
  }

  private static double countEvents(ConfigurableApplicationContext server) {
    return server
        .getBean(JdbcTemplate.class)
        .queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private static Instant lastEventAt(ConfigurableApplicationContext server, String view)
      throws Exception {
    for (var status : get(server, "/api/projections")) {
      if (status.get("name").asText().equals(view) && !status.get("lastEventAt").isNull()) {
        return Instant.parse(status.get("lastEventAt").asText());
      }
    }
    return Instant.EPOCH;
  }

  private static void deploy(ConfigurableApplicationContext server, String file) throws Exception {
    var request =
        HttpRequest.newBuilder(uri(server, "/api/apps/default/simple-app/deploy"))
            .header("Content-Type", "application/yaml")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    Files.readString(Path.of("..", "examples", file))))
            .build();
    var response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }

  private static JsonNode get(ConfigurableApplicationContext server, String path) throws Exception {
    var response =
        HTTP.send(
            HttpRequest.newBuilder(uri(server, path)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(path + ": " + response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static URI uri(ConfigurableApplicationContext server, String path) {
    var port = server.getEnvironment().getProperty("local.server.port");
    return URI.create("http://127.0.0.1:" + port + path);
  }
}
