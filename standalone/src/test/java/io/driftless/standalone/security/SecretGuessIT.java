package io.driftless.standalone.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.security.TokenHash;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 32 point 5 over real HTTP on the standalone server with tokens: a deployer, who may not
 * read anything, dry-runs a deployed Secret with a right and a wrong guess of its value. The two
 * answers are the same (before the fix the right guess planned no change and the wrong one an
 * update with the stored value's fingerprint as {@code from} and the guess's as {@code to}), no
 * answer to the deployer carries a fingerprint or the stored value (a {@code diffMask=false} line
 * diff showed the live value in clear), and the fingerprint a viewer sees is no hash of the value a
 * deployer could compute. A real redeploy of the unchanged Secret and a reconcile still write
 * nothing.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SecretGuessIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final String OWNER = "owner-" + UUID.randomUUID();
  private static final String DEPLOYER = "deployer-" + UUID.randomUUID();
  private static final String VIEWER = "viewer-" + UUID.randomUUID();
  private static final String APP = "/api/apps/default/guarded";
  private static final String VALUE = "s3cret-" + UUID.randomUUID();
  private static final String WRONG = "wrong-" + UUID.randomUUID();

  @DynamicPropertySource
  static void embeddedWithTokens(DynamicPropertyRegistry registry) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "guess-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
    token(registry, 0, "it-owner", OWNER, "deployer,viewer");
    token(registry, 1, "it-deployer", DEPLOYER, "deployer");
    token(registry, 2, "it-viewer", VIEWER, "viewer");
  }

  private static void token(
      DynamicPropertyRegistry registry, int index, String name, String token, String roles) {
    var prefix = "driftless.security.tokens[" + index + "].";
    registry.add(prefix + "name", () -> name);
    registry.add(prefix + "hash", () -> TokenHash.of(token));
    registry.add(prefix + "roles", () -> roles);
  }

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  private static String secret(String password, String label) {
    return """
        apiVersion: v1
        kind: Secret
        metadata:
          name: creds
          labels: {tier: %s}
        type: Opaque
        data:
          password: %s
          user: YWRtaW4=
        """
        .formatted(label, base64(password));
  }

  @Test
  void aDeployerCannotTellARightGuessFromAWrongOne() throws Exception {
    var deployed = send("POST", APP + "/deploy", OWNER, secret(VALUE, "a"));
    assertThat(deployed.statusCode()).as(deployed.body()).isEqualTo(200);

    for (var query :
        new String[] {
          "?dryRun=true",
          "?dryRun=true&diffChanges=true",
          "?dryRun=true&diffAgainstLastApplied=false"
        }) {
      var right = send("POST", APP + "/deploy" + query, DEPLOYER, secret(VALUE, "a"));
      var wrong = send("POST", APP + "/deploy" + query, DEPLOYER, secret(WRONG, "a"));
      assertThat(right.statusCode()).as(right.body()).isEqualTo(200);
      assertThat(JSON.readTree(right.body())).as(query).isEqualTo(JSON.readTree(wrong.body()));
      assertThat(right.body()).as(query).contains("\"op\":\"update\"").doesNotContain("hmac-");
    }

    var unmasked =
        send(
            "POST",
            APP + "/deploy?dryRun=true&diffChanges=true&diffMask=false",
            DEPLOYER,
            secret(WRONG, "a"));
    assertThat(unmasked.body())
        .as("the guess is the caller's own; the stored value is never shown")
        .contains(base64(WRONG))
        .doesNotContain(base64(VALUE), VALUE, "hmac-");

    assertNoFingerprintInARealDeploysAnswer();
    assertTheViewersFingerprintIsKeyed();
    assertUnchangedSecretsAreStillNotWritten();
  }

  /** A real deploy's answer lists the sent keys, masked, whether or not their value changed. */
  private void assertNoFingerprintInARealDeploysAnswer() throws Exception {
    var labelled = send("POST", APP + "/deploy?diffChanges=true", OWNER, secret(VALUE, "b"));
    assertThat(labelled.statusCode()).as(labelled.body()).isEqualTo(200);
    var fields = JSON.readTree(labelled.body()).at("/changes/0/fields");
    assertThat(fields.toString())
        .contains("\"path\":\"data.password\"", "\"path\":\"data.user\"", "metadata.labels.tier")
        .doesNotContain("hmac-", base64(VALUE));
  }

  private void assertTheViewersFingerprintIsKeyed() throws Exception {
    await()
        .atMost(Duration.ofSeconds(30))
        .untilAsserted(
            () ->
                assertThat(send("GET", APP + "/changes", VIEWER, null).body()).contains("000002"));
    var history = send("GET", APP + "/changes/guarded-change-000001", VIEWER, null).body();
    assertThat(history).contains("hmac-sha256:");
    for (var text : new String[] {VALUE, base64(VALUE)}) {
      assertThat(history)
          .as("a fingerprint is a keyed HMAC: no hash a deployer could compute from a guess")
          .doesNotContain(sha256Hex(text), text);
    }
  }

  private void assertUnchangedSecretsAreStillNotWritten() throws Exception {
    var writes = sandbox.writeRequests();
    var redeploy = send("POST", APP + "/deploy", OWNER, secret(VALUE, "b"));
    assertThat(JSON.readTree(redeploy.body()).get("changeId").isNull())
        .as(redeploy.body())
        .isTrue();
    var reconcile = send("POST", APP + "/reconcile", OWNER, null);
    assertThat(JSON.readTree(reconcile.body()).get("changeId").isNull())
        .as(reconcile.body())
        .isTrue();
    assertThat(sandbox.writeRequests()).isEqualTo(writes);
  }

  private HttpResponse<String> send(String method, String path, String token, String yaml)
      throws Exception {
    var builder =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", "Bearer " + token);
    if (yaml != null) {
      builder.header("Content-Type", "application/yaml");
      builder.method(method, HttpRequest.BodyPublishers.ofString(yaml));
    } else {
      builder.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return HTTP.send(builder.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  private static String sha256Hex(String text) throws Exception {
    var digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(digest);
  }
}
