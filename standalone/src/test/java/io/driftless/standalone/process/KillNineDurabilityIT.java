package io.driftless.standalone.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.AppChangeStarted;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Acknowledged means durable on the embedded default: the built standalone jar, killed with {@code
 * kill -9} right after each 2xx deploy answer and started again on the same data directory, has
 * every acknowledged change in its history as successful, never issues a change id twice, and its
 * sandbox cluster still holds what was applied (a redeploy of the last manifest is all noop).
 * Prints how long each restart takes until {@code /actuator/health} answers UP.
 *
 * <p>The short form runs in {@code ./mvnw verify}: 8 kills, each of the apps killed at least once
 * (issue 26 keeps the full verify short). The long form, 20 kills: {@code
 * -Ddriftless.kill9.kills=20} (standalone/README.md, "Durability").
 */
class KillNineDurabilityIT {

  private static final int KILLS = Integer.getInteger("driftless.kill9.kills", 8);
  private static final Duration START = Duration.ofMinutes(2);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dataDir =
      Files.createTempDirectory(Path.of("target").toAbsolutePath(), "kill9-");
  private StandaloneServer server;

  @RegisterExtension
  final TestWatcher printLogOnFailure =
      new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
          if (server != null) {
            System.err.println(server.tail());
          }
        }
      };

  KillNineDurabilityIT() throws Exception {}

  @AfterEach
  void stopServer() throws Exception {
    if (server != null) {
      server.stop();
    }
  }

  @Test
  void everyAcknowledgedDeploySurvivesKillNine() throws Exception {
    var acknowledged = new LinkedHashMap<String, List<String>>();
    var restarts = new ArrayList<Duration>();
    server = launch(0);
    System.out.printf("first start: %d ms to health UP%n", server.awaitUp(START).toMillis());
    for (int round = 0; round < KILLS; round++) {
      var app = Manifests.APPS[round % Manifests.APPS.length];
      var manifest = Manifests.forRound(app, round);
      acknowledged.computeIfAbsent(app, a -> new ArrayList<>()).add(deployChange(app, manifest));
      server.kill();

      server = launch(round + 1);
      var restart = server.awaitUp(START);
      restarts.add(restart);
      System.out.printf("kill -9 restart %d: %d ms to health UP%n", round + 1, restart.toMillis());
      awaitHistory(app, acknowledged.get(app));
      var again = JSON.readTree(server.deploy(app, manifest).body());
      assertThat(again.get("changeId").isNull())
          .as("redeploy of %s after the restart: %s", app, again.get("description"))
          .isTrue();
    }
    for (var app : acknowledged.entrySet()) {
      awaitHistory(app.getKey(), app.getValue());
    }
    printSummary(restarts);
    server.stop();
    server = null;
    assertThat(changeIdsInTheEventStore())
        .containsExactlyInAnyOrderElementsOf(
            acknowledged.values().stream().flatMap(List::stream).toList());
  }

  private StandaloneServer launch(int lifetime) throws Exception {
    return StandaloneServer.launch(
        dataDir, dataDir.resolveSibling(dataDir.getFileName() + "-" + lifetime + ".log"));
  }

  private String deployChange(String app, String manifest) throws Exception {
    var response = server.deploy(app, manifest);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    var changeId = JSON.readTree(response.body()).get("changeId");
    assertThat(changeId.isTextual()).as("a real change: %s", response.body()).isTrue();
    return changeId.asText();
  }

  /** The app's history is exactly the acknowledged changes, newest first, each successful. */
  private void awaitHistory(String app, List<String> changeIds) {
    var newestFirst = new ArrayList<>(changeIds);
    Collections.reverse(newestFirst);
    await(app + " history")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(100))
        .untilAsserted(
            () -> {
              var history = server.changes(app);
              assertThat(ids(history)).isEqualTo(newestFirst);
              for (var change : history) {
                assertThat(change.get("successful").asBoolean()).as(change.toString()).isTrue();
              }
            });
  }

  private static List<String> ids(JsonNode history) {
    var ids = new ArrayList<String>();
    history.forEach(change -> ids.add(change.get("changeId").asText()));
    return ids;
  }

  private List<String> changeIdsInTheEventStore() throws Exception {
    var url =
        "jdbc:h2:file:" + dataDir.resolve("driftless") + ";MODE=MariaDB;DATABASE_TO_LOWER=TRUE";
    var ids = new ArrayList<String>();
    try (var connection = DriverManager.getConnection(url, "sa", "");
        var statement =
            connection.prepareStatement(
                "SELECT payload FROM domain_event_entry WHERE payload_type = ?")) {
      statement.setString(1, AppChangeStarted.class.getName());
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          ids.add(JSON.readTree(rows.getBytes(1)).get("changeId").asText());
        }
      }
    }
    return ids;
  }

  private static void printSummary(List<Duration> restarts) {
    var millis = restarts.stream().mapToLong(Duration::toMillis).sorted().toArray();
    System.out.printf(
        "kill -9 restarts: %d, median %d ms, min %d ms, max %d ms to health UP%n",
        millis.length, millis[millis.length / 2], millis[0], millis[millis.length - 1]);
  }
}
