package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.CommandSideApplication;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.driftless.sandbox.SandboxCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Issue 27 point 4: a rollback whose Secret was sealed with a key the server no longer has. The app
 * is deployed twice under key A; the command side is restarted (same H2 data directory, same
 * sandbox) with only key B: a rollback to the first change is {@code 422 secret_unrecoverable}
 * naming the Secret, and nothing is applied (the sandbox's store file, read back with its journal,
 * is the same) or recorded (no event). Restarted once more with B and A as an old key, the same
 * rollback succeeds and the Secret has its first value again.
 */
class RollbackKeyRotationIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path data =
      Path.of("target", "rollback-rotation-" + UUID.randomUUID()).toAbsolutePath();
  private final Path store = data.resolve("sandbox-cluster.json");
  private final String kubeconfig = TestCluster.kubeconfig(store);
  private final String keyA = newKey();
  private final String keyB = newKey();

  @Test
  void aSealNoConfiguredKeyOpensIs422AndNothingIsAppliedOrRecorded() throws Exception {
    try (var first = start(keyA)) {
      var api = new Api(port(first));
      assertThat(api.deployYaml("vault", RollbackApiIT.v1("vault")).statusCode()).isEqualTo(200);
      assertThat(api.deployYaml("vault", RollbackApiIT.v2("vault")).statusCode()).isEqualTo(200);
    }

    try (var rotated = start(keyB)) {
      var clusterBefore = SandboxCluster.read(store).toString();
      var eventsBefore = events(rotated);

      var refused = rollback(port(rotated), "vault-change-000001");

      assertThat(refused.statusCode()).as(refused.body()).isEqualTo(422);
      var body = JSON.readTree(refused.body());
      assertThat(body.get("error").asText()).isEqualTo("secret_unrecoverable");
      assertThat(body.get("details").toString()).contains("Secret vault-creds (namespace default)");
      assertThat(body.get("details")).hasSize(1);
      assertThat(SandboxCluster.read(store).toString()).isEqualTo(clusterBefore);
      assertThat(events(rotated)).isEqualTo(eventsBefore);
    }

    try (var withOldKey = start(keyB, keyA)) {
      var answer = rollback(port(withOldKey), "vault-change-000001");

      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      var secret =
          withOldKey
              .getBean(KubernetesClient.class)
              .secrets()
              .inNamespace("default")
              .withName("vault-creds")
              .get();
      var password = Base64.getDecoder().decode(secret.getData().get("password"));
      assertThat(new String(password, StandardCharsets.UTF_8)).isEqualTo("old-canary");
    }
  }

  private ConfigurableApplicationContext start(String key, String... oldKeys) {
    var args =
        new ArrayList<>(
            List.of(
                "--server.port=0",
                "--driftless.data-dir=" + data,
                "--driftless.cluster.kubeconfig=" + kubeconfig,
                "--driftless.reconcile.enabled=false",
                "--driftless.secrets.key=" + key));
    if (oldKeys.length > 0) {
      args.add("--driftless.secrets.old-keys=" + String.join(",", oldKeys));
    }
    return new SpringApplicationBuilder(CommandSideApplication.class)
        .run(args.toArray(String[]::new));
  }

  private static long events(ConfigurableApplicationContext context) {
    return context
        .getBean(JdbcTemplate.class)
        .queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
  }

  private static String newKey() {
    var key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }

  private static int port(ConfigurableApplicationContext context) {
    return ((WebServerApplicationContext) context).getWebServer().getPort();
  }

  private static HttpResponse<String> rollback(int port, String to) throws Exception {
    var request =
        HttpRequest.newBuilder(
                URI.create(
                    "http://127.0.0.1:" + port + "/api/apps/default/vault/rollback?to=" + to))
            .POST(HttpRequest.BodyPublishers.noBody())
            .build();
    return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
  }
}
