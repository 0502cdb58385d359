package io.driftless.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.standalone.web.Browsers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 25, "reconcile backoff that tells", end to end through the standalone server's HTTP API on
 * H2 and the sandbox: an immutable ConfigMap recreated by hand with other data makes every periodic
 * reconcile fail (the sandbox refuses the update, 422 field is immutable); the app's overview shows
 * {@code lastReconcileResult: failed} and the cluster's refusal as {@code lastReconcileError}, the
 * failures grow with the backoff, and the app is never left in progress between attempts. Once the
 * object is deleted by hand, the next reconcile creates it and {@code lastReconcileError} is null.
 * While it fails, the App page in chromium shows the reason in an alert ({@code #reconcile-error}).
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "driftless.reconcile.enabled=true",
      "driftless.reconcile.sync-period=1s",
      "driftless.reconcile.backoff=200ms",
      "driftless.reconcile.jitter=0",
      "driftless.reconcile.tick=50ms",
      "driftless.reconcile.watch.enabled=false"
    })
class ReconcileErrorOverviewIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void failingReconcilesShowTheirReasonInTheOverviewUntilOneSucceeds() throws Exception {
    var manifest =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: frozen\nimmutable: true\n"
            + "data:\n  level: \"1\"\n";
    var deployed = deploy("frozen", manifest);
    assertThat(deployed.statusCode()).as(deployed.body()).isEqualTo(200);

    // kubectl delete + create of the app's ConfigMap with other data (it is immutable).
    var live = (ObjectNode) JSON.readTree(sandbox("GET", CONFIGMAPS + "/frozen", null).body());
    assertThat(sandbox("DELETE", CONFIGMAPS + "/frozen", null).statusCode()).isEqualTo(200);
    var metadata = (ObjectNode) live.get("metadata");
    metadata.remove(java.util.List.of("resourceVersion", "uid", "creationTimestamp"));
    metadata.remove("managedFields");
    ((ObjectNode) live.get("data")).put("level", "2");
    var recreated = sandbox("POST", CONFIGMAPS, live.toString());
    assertThat(recreated.statusCode()).as(recreated.body()).isEqualTo(201);

    var results = new HashSet<String>();
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(50))
        .until(
            () -> {
              var overview = overview("frozen");
              results.add(overview.path("lastReconcileResult").asText());
              return "failed".equals(overview.path("lastReconcileResult").asText())
                  && changes("frozen") >= 4;
            });
    var failing = overview("frozen");
    assertThat(failing.get("lastReconcileError").asText())
        .as(failing.toString())
        .contains("immutable");
    assertThat(results)
        .as("never busy: no attempt met the previous one's change")
        .doesNotContain("busy");
    var history = JSON.readTree(get("/api/apps/default/frozen/changes").body());
    var longest = Duration.ZERO;
    var failed = 0;
    for (var change : history) {
      if (change.path("trigger").asText().equals("reconcile")
          && !change.path("finishedAt").isNull()) {
        var open =
            Duration.between(
                java.time.Instant.parse(change.get("startedAt").asText()),
                java.time.Instant.parse(change.get("finishedAt").asText()));
        assertThat(open).as("open only while it ran: " + change).isLessThan(Duration.ofSeconds(2));
        longest = open.compareTo(longest) > 0 ? open : longest;
        failed++;
        var id = change.get("changeId").asText();
        var detail = JSON.readTree(get("/api/apps/default/frozen/changes/" + id).body());
        assertThat(detail.path("successful").asBoolean()).as(detail.toString()).isFalse();
        assertThat(detail.path("error").asText()).as(detail.toString()).contains("immutable");
      }
    }

    System.out.printf(
        "ReconcileErrorOverviewIT: %d failed reconcile changes, longest open %d ms%n",
        failed, longest.toMillis());
    pageShowsTheReconcileError("frozen");

    // kubectl delete: the next reconcile creates the desired object again and succeeds.
    assertThat(sandbox("DELETE", CONFIGMAPS + "/frozen", null).statusCode()).isEqualTo(200);
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(50))
        .until(
            () -> {
              var overview = overview("frozen");
              return !"failed".equals(overview.path("lastReconcileResult").asText())
                  && overview.path("lastReconcileError").isNull();
            });
    var healed = JSON.readTree(sandbox("GET", CONFIGMAPS + "/frozen", null).body());
    assertThat(healed.at("/data/level").asText()).isEqualTo("1");
  }

  /** The App page in chromium shows the failing reconcile's reason in an alert. */
  private void pageShowsTheReconcileError(String app) throws Exception {
    var browser = Browsers.headlessChromium();
    try {
      browser.get("http://127.0.0.1:" + port + "/#/apps/default/" + app);
      var alert =
          new WebDriverWait(browser, Duration.ofSeconds(30))
              .until(ExpectedConditions.visibilityOfElementLocated(By.id("reconcile-error")));
      assertThat(alert.getText()).contains("The last reconcile failed").contains("immutable");
      Browsers.screenshot(browser, "app-reconcile-failing");
    } finally {
      browser.quit();
    }
  }

  private long changes(String app) throws Exception {
    return JSON.readTree(get("/api/apps/default/" + app + "/changes").body()).size();
  }

  private JsonNode overview(String app) throws Exception {
    var response = get("/api/apps/default/" + app);
    return response.statusCode() == 200 ? JSON.readTree(response.body()) : JSON.createObjectNode();
  }

  private HttpResponse<String> deploy(String app, String yaml) throws Exception {
    return http.send(
        HttpRequest.newBuilder(
                URI.create("http://127.0.0.1:" + port + "/api/apps/default/" + app + "/deploy"))
            .header("Content-Type", "application/yaml")
            .POST(HttpRequest.BodyPublishers.ofString(yaml))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** A request to the sandbox's API server, as kubectl sends it. */
  private HttpResponse<String> sandbox(String method, String path, String json) throws Exception {
    var body =
        json == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(json);
    return EmbeddedServers.sandboxClient(sandbox)
        .send(
            EmbeddedServers.sandboxRequest(sandbox, sandbox.url() + path)
                .header("Content-Type", "application/json")
                .method(method, body)
                .build(),
            HttpResponse.BodyHandlers.ofString());
  }
}
