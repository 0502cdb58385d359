package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 27 on the open embedded default (no tokens): changes, locks and unlocks are recorded as
 * done by {@code anonymous}, and anyone (everyone is anonymous) unlocks.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AnonymousProvenanceIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String MANIFEST =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: open-app\ndata:\n  a: b\n";

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = Path.of("target", "anonymous-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  private HttpResponse<String> send(String method, String path, String body) throws Exception {
    var request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Content-Type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode storedOne(String type) throws Exception {
    var payload =
        jdbc.queryForObject(
            "SELECT payload FROM domain_event_entry WHERE aggregate_identifier = 'default/open-app'"
                + " AND payload_type = ?",
            byte[].class,
            "io.driftless.events." + type);
    return JSON.readTree(payload);
  }

  @Test
  void changesLocksAndUnlocksAreAnonymousWithoutTokens() throws Exception {
    var deployed = new Api(port).deploy("open-app", MANIFEST, "application/yaml", "?message=hi");
    assertThat(deployed.statusCode()).as(deployed.body()).isEqualTo(200);
    var locked = send("POST", "/api/apps/default/open-app/lock", "{\"reason\": \"freeze\"}");
    assertThat(locked.statusCode()).as(locked.body()).isEqualTo(200);
    assertThat(JSON.readTree(locked.body()).get("lockedBy").asText()).isEqualTo("anonymous");
    var unlocked = send("DELETE", "/api/apps/default/open-app/lock", null);
    assertThat(unlocked.statusCode()).as(unlocked.body()).isEqualTo(200);

    var started = storedOne("AppChangeStarted");
    assertThat(started.at("/provenance/actor").asText()).isEqualTo("anonymous");
    assertThat(started.at("/provenance/message").asText()).isEqualTo("hi");
    assertThat(storedOne("AppLocked").at("/provenance/actor").asText()).isEqualTo("anonymous");
    assertThat(storedOne("AppUnlocked").at("/provenance/actor").asText()).isEqualTo("anonymous");
  }
}
