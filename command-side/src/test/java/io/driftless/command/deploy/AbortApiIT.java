package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.OpenChanges;
import io.driftless.command.support.TestCluster;
import io.driftless.security.TokenHash;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code POST /api/apps/{ns}/{app}/changes/{changeId}/abort} over HTTP with security on (issue 25,
 * "a way out"): a change left open (started straight on the App, as a crash or a stuck wait leaves
 * one; crash recovery is made slow so it stays open) holds the app's deploys at 409 until an admin
 * aborts it; then it is closed failed with who aborted it and why, and the app takes the next
 * deploy. A deployer is 403, no token 401, an ended change 409, an unknown change or app 404.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class AbortApiIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ADMIN = "admin-token-of-abort-api-it";
  private static final String DEPLOYER = "deployer-token-of-abort-api-it";
  private static final String MANIFEST =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: stuck-app\ndata:\n  a: b\n";

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = java.nio.file.Path.of("target", "abort-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.recovery.lease-duration", () -> "3h");
    registry.add("driftless.recovery.check-period", () -> "1h");
    registry.add("driftless.security.tokens[0].name", () -> "ops");
    registry.add("driftless.security.tokens[0].hash", () -> TokenHash.of(ADMIN));
    registry.add("driftless.security.tokens[0].roles", () -> "admin");
    registry.add("driftless.security.tokens[1].name", () -> "ci");
    registry.add("driftless.security.tokens[1].hash", () -> TokenHash.of(DEPLOYER));
    registry.add("driftless.security.tokens[1].roles", () -> "deployer");
  }

  @LocalServerPort int port;
  @Autowired CommandGateway commands;
  @Autowired JdbcTemplate jdbc;

  private static String abortPath(String app, String changeId) {
    return "/api/apps/default/" + app + "/changes/" + changeId + "/abort";
  }

  private static JsonNode json(HttpResponse<String> response) throws Exception {
    return JSON.readTree(response.body());
  }

  @Test
  void stuckChangeIsAbortedByAnAdminWithItsActorAndTheAppTakesTheNextDeploy() throws Exception {
    var admin = new Api(port, ADMIN);
    var deployer = new Api(port, DEPLOYER);
    var changeId = commands.<String>sendAndWait(OpenChanges.firstChangeOf("default/stuck-app"));
    assertThat(changeId).isEqualTo("stuck-app-change-000001");
    var held = deployer.deployYaml("stuck-app", MANIFEST);
    assertThat(held.statusCode()).as(held.body()).isEqualTo(409);

    var byDeployer = deployer.post(abortPath("stuck-app", changeId), null);
    assertThat(byDeployer.statusCode()).as(byDeployer.body()).isEqualTo(403);
    var anonymous = new Api(port).post(abortPath("stuck-app", changeId), null);
    assertThat(anonymous.statusCode()).as(anonymous.body()).isEqualTo(401);

    var aborted =
        admin.post(abortPath("stuck-app", changeId) + "?reason=stuck%20on%20an%20exists", null);
    assertThat(aborted.statusCode()).as(aborted.body()).isEqualTo(200);
    var answer = json(aborted);
    assertThat(answer.get("app").asText()).isEqualTo("default/stuck-app");
    assertThat(answer.get("changeId").asText()).isEqualTo(changeId);
    assertThat(answer.get("successful").asBoolean()).isFalse();
    assertThat(answer.get("error").asText()).isEqualTo("aborted by ops: stuck on an exists");
    assertThat(answer.get("abortedBy").asText()).isEqualTo("ops");
    assertThat(answer.get("description").asText()).isEqualTo("update: test");
    assertThat(answer.get("wait").get("reconcile").isInt()).isTrue();
    assertThat(java.time.Instant.parse(answer.get("at").asText())).isNotNull();
    assertThat(answer.get("eventPosition").asLong()).isPositive();
    assertThat(aborted.headers().firstValue("Driftless-Event-Position"))
        .contains(answer.get("eventPosition").asText());
    assertThat(storedFinishError("default/stuck-app"))
        .isEqualTo("aborted by ops: stuck on an exists");

    var next = deployer.deployYaml("stuck-app", MANIFEST);
    assertThat(next.statusCode()).as(next.body()).isEqualTo(200);
    assertThat(json(next).get("changeId").asText()).isEqualTo("stuck-app-change-000002");

    var again = admin.post(abortPath("stuck-app", changeId), null);
    assertThat(again.statusCode()).as(again.body()).isEqualTo(409);
    assertThat(json(again).get("error").asText()).isEqualTo("change_not_open");
    var unknownChange = admin.post(abortPath("stuck-app", "stuck-app-change-000009"), null);
    assertThat(unknownChange.statusCode()).as(unknownChange.body()).isEqualTo(404);
    assertThat(json(unknownChange).get("error").asText()).isEqualTo("not_found");
    var unknownApp = admin.post(abortPath("never-deployed", "never-deployed-change-000001"), null);
    assertThat(unknownApp.statusCode()).as(unknownApp.body()).isEqualTo(404);
  }

  private String storedFinishError(String appId) throws Exception {
    var payload =
        jdbc.queryForObject(
            "SELECT payload FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " AND payload_type = 'io.driftless.events.AppChangeFinished'",
            byte[].class,
            appId);
    return JSON.readTree(payload).get("error").asText();
  }
}
