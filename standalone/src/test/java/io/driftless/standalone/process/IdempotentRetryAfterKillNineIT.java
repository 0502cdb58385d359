package io.driftless.standalone.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.AppChangeStarted;
import io.driftless.sandbox.SandboxCluster;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Safe retries survive a crash (issue 14 point 7): a deploy sent with an {@code Idempotency-Key} is
 * killed with {@code kill -9} while its change waits for a {@code kapp.k14s.io/exists} object (one
 * ConfigMap of its wave already written); the client only sees its connection reset. After the
 * restart the retry with the same key starts nothing: it answers the first attempt's change, closed
 * as failed by the start-up recovery, marked replayed, the same answer every time; the event store
 * holds one change of the app and the sandbox one write of the ConfigMap.
 */
class IdempotentRetryAfterKillNineIT {

  private static final Duration START = Duration.ofMinutes(2);

  /** A retry that started a second change would wait for the gate: it fails instead of hanging. */
  private static final Duration RETRY = Duration.ofSeconds(30);

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String APP = "retry-kill";
  private static final String MANIFEST =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: retry-kill-first
      data:
        written: once
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: retry-kill-gate
        annotations:
          kapp.k14s.io/exists: ""
      """;

  private final Path dataDir =
      Files.createTempDirectory(Path.of("target").toAbsolutePath(), "retry-kill9-");
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

  IdempotentRetryAfterKillNineIT() throws Exception {}

  @AfterEach
  void stopServer() throws Exception {
    if (server != null) {
      server.stop();
    }
  }

  @Test
  void aRetryAfterKillNineMidDeployAnswersTheFirstAttemptAndAppliesNothingTwice() throws Exception {
    var key = UUID.randomUUID().toString();
    server = launch(0);
    server.awaitUp(START);
    var first = CompletableFuture.supplyAsync(() -> deploy(key, Duration.ofMinutes(10)));
    await("the first ConfigMap written while the change waits")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(50))
        .until(() -> sandboxConfigMap("retry-kill-first") != null);
    var written = sandboxConfigMap("retry-kill-first").at("/metadata/resourceVersion").asText();
    assertThat(first).isNotDone();

    server.kill();
    assertThat(first).failsWithin(Duration.ofSeconds(30)); // the client's connection was reset
    server = launch(1);
    server.awaitUp(START);

    // The start-up recovery closes the abandoned change; until then a retry is 409.
    var retry = new HttpResponse<?>[1];
    await("a retry that is not 409")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              retry[0] = deploy(key, RETRY);
              return retry[0].statusCode() != 409;
            });
    @SuppressWarnings("unchecked")
    var replayed = (HttpResponse<String>) retry[0];
    assertThat(replayed.statusCode()).as(replayed.body()).isEqualTo(502);
    assertThat(replayed.headers().firstValue("Idempotent-Replayed")).hasValue("true");
    var answer = JSON.readTree(replayed.body());
    assertThat(answer.get("changeId").asText()).isEqualTo("retry-kill-change-000001");
    assertThat(answer.get("successful").asBoolean()).isFalse();
    assertThat(answer.get("error").asText()).isEqualTo("change_failed");
    assertThat(answer.get("message").asText()).contains("stopped during the change");
    var again = deploy(key, RETRY);
    assertThat(again.statusCode()).isEqualTo(502);
    assertThat(JSON.readTree(again.body())).isEqualTo(answer);
    assertThat(sandboxConfigMap("retry-kill-first").at("/metadata/resourceVersion").asText())
        .as("the ConfigMap was written once")
        .isEqualTo(written);

    server.stop();
    server = null;
    assertThat(changesStarted()).as("changes of %s in the event store", APP).isEqualTo(1);
  }

  private StandaloneServer launch(int lifetime) throws Exception {
    return StandaloneServer.launch(
        dataDir, dataDir.resolveSibling(dataDir.getFileName() + "-" + lifetime + ".log"));
  }

  private HttpResponse<String> deploy(String key, Duration timeout) {
    var request =
        HttpRequest.newBuilder(server.uri("/api/apps/default/" + APP + "/deploy?waitTimeout=10m"))
            .timeout(timeout)
            .header("Content-Type", "application/yaml")
            .header("Idempotency-Key", key)
            .POST(HttpRequest.BodyPublishers.ofString(MANIFEST))
            .build();
    try {
      return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The ConfigMap as the sandbox's API serves it, null when it has none. */
  private JsonNode sandboxConfigMap(String name) throws Exception {
    var kubeconfig = Files.readString(dataDir.resolve("sandbox-kubeconfig.yaml"));
    var server = Pattern.compile("server:\\s*(\\S+)").matcher(kubeconfig);
    assertThat(server.find()).as(kubeconfig).isTrue();
    var url = server.group(1).replaceAll("/+$", "") + "/api/v1/namespaces/default/configmaps/";
    // HTTPS with the certificate the kubeconfig names, and its bearer token (issue 32)
    var certificate = Pattern.compile("certificate-authority-data:\\s*(\\S+)").matcher(kubeconfig);
    var token = Pattern.compile("token:\\s*(\\S+)").matcher(kubeconfig);
    assertThat(certificate.find() && token.find()).as(kubeconfig).isTrue();
    var pem =
        new String(Base64.getDecoder().decode(certificate.group(1)), StandardCharsets.US_ASCII);
    var response =
        HttpClient.newBuilder()
            .sslContext(SandboxCluster.sslContextTrusting(pem))
            .build()
            .send(
                HttpRequest.newBuilder(URI.create(url + name))
                    .header("Authorization", "Bearer " + token.group(1))
                    .GET()
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    return response.statusCode() == 404 ? null : JSON.readTree(response.body());
  }

  private long changesStarted() throws Exception {
    var url =
        "jdbc:h2:file:" + dataDir.resolve("driftless") + ";MODE=MariaDB;DATABASE_TO_LOWER=TRUE";
    try (var connection = DriverManager.getConnection(url, "sa", "");
        var statement =
            connection.prepareStatement(
                "SELECT COUNT(*) FROM domain_event_entry WHERE payload_type = ?"
                    + " AND aggregate_identifier = ?")) {
      statement.setString(1, AppChangeStarted.class.getName());
      statement.setString(2, "default/" + APP);
      try (var rows = statement.executeQuery()) {
        rows.next();
        return rows.getLong(1);
      }
    }
  }
}
