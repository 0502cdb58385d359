package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.RefusingCluster;
import io.driftless.command.support.TestCluster;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 25 point 2: a change whose apply ends on an exception that is not a cluster refusal (here
 * the gateway throws an {@code IllegalStateException}, as a bug in the apply path would) is
 * finished as failed at once, with the exception's message as its reason, before the answer is
 * sent: the next deploy or reconcile of the app is taken at once, not {@code 409}. Crash recovery
 * is made slow here (a check every hour), so only the change's own thread can have closed it.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(RefusingCluster.class)
class FailedChangeClosingIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = java.nio.file.Path.of("target", "closing-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.recovery.lease-duration", () -> "3h");
    registry.add("driftless.recovery.check-period", () -> "1h");
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;

  @Test
  void deployBrokenByAnUnexpectedExceptionIsClosedFailedAtOnceWithItsMessage() throws Exception {
    var api = new Api(port);
    var manifest = configMaps(RefusingCluster.BROKEN_ONCE, "fine");
    var broken = api.deployYaml("broken-deploy", manifest);

    assertThat(broken.statusCode()).as(broken.body()).isEqualTo(500);
    var answer = JSON.readTree(broken.body());
    assertThat(answer.get("changeId").asText()).isEqualTo("broken-deploy-change-000001");
    assertThat(answer.get("successful").asBoolean()).isFalse();
    assertThat(answer.get("error").asText()).isEqualTo("internal_error");
    assertThat(answer.get("message").asText()).contains(RefusingCluster.BROKEN_MESSAGE);
    assertThat(resultOf(answer, RefusingCluster.BROKEN_ONCE)).isEqualTo("failed");
    assertThat(finishedErrors("default/broken-deploy"))
        .singleElement()
        .asString()
        .contains(RefusingCluster.BROKEN_MESSAGE)
        .doesNotContain("stopped");

    var next = api.deployYaml("broken-deploy", manifest);
    assertThat(next.statusCode()).as("taken at once, not 409: " + next.body()).isEqualTo(200);
    assertThat(JSON.readTree(next.body()).get("changeId").asText())
        .isEqualTo("broken-deploy-change-000002");
  }

  @Test
  void reconcileBrokenByAnUnexpectedExceptionIsClosedFailedAtOnceEveryTime() throws Exception {
    // An object Driftless adopts (an update) and that is then deleted: the reconcile must create
    // it.
    cluster
        .configMaps()
        .inNamespace("default")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(RefusingCluster.BROKEN)
                .endMetadata()
                .addToData("a", "b")
                .build())
        .create();
    var api = new Api(port);
    var deployed = api.deployYaml("broken-reconcile", configMaps(RefusingCluster.BROKEN));
    assertThat(deployed.statusCode()).as(deployed.body()).isEqualTo(200);
    cluster.configMaps().inNamespace("default").withName(RefusingCluster.BROKEN).delete();

    for (var attempt = 2; attempt <= 4; attempt++) {
      var reconciled = api.reconcile("broken-reconcile");
      assertThat(reconciled.statusCode()).as(reconciled.body()).isEqualTo(500);
      assertThat(JSON.readTree(reconciled.body()).get("changeId").asText())
          .isEqualTo("broken-reconcile-change-00000" + attempt);
    }
    assertThat(finishedErrors("default/broken-reconcile"))
        .hasSize(4)
        .filteredOn(error -> error != null)
        .hasSize(3)
        .allSatisfy(
            error ->
                assertThat(error)
                    .contains(RefusingCluster.BROKEN_MESSAGE)
                    .doesNotContain("stopped"));
  }

  /**
   * A 500 is not kept with the request's key: the client retries it with the same key (as the CLI
   * and ChaosIT's clients do), and a kept 500 would be their answer for ever. The retry gets the
   * change's outcome instead: 502 change_failed with the exception's message, replayed.
   */
  @Test
  void retryWithTheKeyOfADeployFailedOnAServerFaultGetsTheFailedChange() throws Exception {
    var manifest = configMaps(RefusingCluster.BROKEN);
    var key = UUID.randomUUID().toString();
    var first = deployWithKey("broken-retry", manifest, key);
    assertThat(first.statusCode()).as(first.body()).isEqualTo(500);

    var retry = deployWithKey("broken-retry", manifest, key);

    assertThat(retry.statusCode()).as(retry.body()).isEqualTo(502);
    assertThat(retry.headers().firstValue(IdempotencyKeyHeader.REPLAYED)).contains("true");
    var answer = JSON.readTree(retry.body());
    assertThat(answer.get("error").asText()).isEqualTo("change_failed");
    assertThat(answer.get("changeId").asText())
        .isEqualTo(JSON.readTree(first.body()).get("changeId").asText());
    assertThat(answer.get("message").asText()).contains(RefusingCluster.BROKEN_MESSAGE);
  }

  private java.net.http.HttpResponse<String> deployWithKey(String app, String yaml, String key)
      throws Exception {
    var request =
        java.net.http.HttpRequest.newBuilder(
                java.net.URI.create(
                    "http://127.0.0.1:" + port + "/api/apps/default/" + app + "/deploy"))
            .header("Content-Type", "application/yaml")
            .header(IdempotencyKeyHeader.NAME, key)
            .POST(java.net.http.HttpRequest.BodyPublishers.ofString(yaml))
            .build();
    return java.net.http.HttpClient.newHttpClient()
        .send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
  }

  private static String configMaps(String... names) {
    var yaml = new StringBuilder();
    for (var name : names) {
      yaml.append("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ")
          .append(name)
          .append("\ndata:\n  a: b\n");
    }
    return yaml.toString();
  }

  private static String resultOf(JsonNode answer, String name) {
    for (var change : answer.get("changes")) {
      if (change.get("name").asText().equals(name)) {
        return change.get("result").asText();
      }
    }
    throw new AssertionError("no change of " + name + " in " + answer);
  }

  /** The {@code error} of each {@code AppChangeFinished} of the app, in order (null: none). */
  private List<String> finishedErrors(String appId) {
    return jdbc
        .queryForList(
            "SELECT payload FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " AND payload_type = 'io.driftless.events.AppChangeFinished'"
                + " ORDER BY sequence_number",
            byte[].class,
            appId)
        .stream()
        .map(FailedChangeClosingIT::error)
        .toList();
  }

  private static String error(byte[] payload) {
    try {
      var error = JSON.readTree(payload).get("error");
      return error == null || error.isNull() ? null : error.asText();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
