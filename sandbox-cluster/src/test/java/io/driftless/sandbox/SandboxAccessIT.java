package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.sandbox.objects.Nodes;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.Locale;
import java.util.stream.Stream;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 32 points 2 and 3 on the sandbox alone, over raw HTTPS (a TLS socket, so that the Host
 * header and the body's type are exactly what a browser or another user would send): it asks for
 * the kubeconfig's bearer token (401 in Kubernetes' Status shape without it), answers only requests
 * naming this machine as Host (403), takes bodies of Kubernetes' types only (415 for a cross-site
 * form or text post), answers OPTIONS at once without granting cross-origin access; its files are
 * its owner's only. Before the fix every request passed without a token, whatever its Host or body
 * type, and OPTIONS was never answered (the client waited for ever).
 */
class SandboxAccessIT {

  private static final String SECRETS = "/api/v1/namespaces/default/secrets";
  private static final String CONFIG_MAPS = "/api/v1/namespaces/default/configmaps";
  private static final String CONFIG_MAP =
      "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"%s\"},"
          + "\"data\":{\"a\":\"1\"}}";

  @TempDir Path dir;

  private Path data;
  private SandboxCluster sandbox;

  @BeforeEach
  void start() {
    data = dir.resolve("data");
    sandbox = SandboxCluster.start(SandboxSettings.under(data).withPort(0));
  }

  @AfterEach
  void stop() {
    sandbox.close();
  }

  @Test
  void withoutTheTokenEveryRequestIs401InTheStatusShape() throws Exception {
    for (var authorization : new String[] {null, "Bearer wrong", "Basic " + sandbox.token()}) {
      for (var request :
          new String[] {"GET " + SECRETS, "GET /api", "POST " + CONFIG_MAPS, "DELETE " + SECRETS}) {
        var parts = request.split(" ");
        var answer =
            send(parts[0], parts[1], host(), authorization, "application/json", configMap("x"));

        assertThat(answer.code()).as(request + " with " + authorization).isEqualTo(401);
        assertStatus(answer, "Unauthorized", 401);
      }
    }
    assertThat(withToken("GET", CONFIG_MAPS + "/x", null, null).code()).isEqualTo(404);
  }

  @Test
  void theKubeconfigsTokenOpensIt() throws Exception {
    var created = withToken("POST", CONFIG_MAPS, "application/json", configMap("opened"));
    assertThat(created.code()).as(created.body()).isEqualTo(201);

    assertThat(withToken("GET", SECRETS, null, null).code()).isEqualTo(200);
    var untyped = withToken("POST", CONFIG_MAPS, null, configMap("untyped"));
    assertThat(untyped.code())
        .as("a body without a type is read as JSON, as by an API server")
        .isEqualTo(201);
    try (var client = SandboxFixture.clientFor(sandbox)) {
      assertThat(client.configMaps().inNamespace("default").withName("opened").get()).isNotNull();
    }
    assertThat(Files.readString(sandbox.kubeconfig())).contains("token: " + sandbox.token());
  }

  @ParameterizedTest
  @ValueSource(strings = {"evil.example", "evil.example:6443", "127.0.0.1.nip.io", "10.0.0.1"})
  void aForeignHostIs403EvenWithTheToken(String host) throws Exception {
    var answer = send("GET", SECRETS, host, "Bearer " + sandbox.token(), null, null);

    assertThat(answer.code()).isEqualTo(403);
    assertStatus(answer, "Forbidden", 403);
  }

  @ParameterizedTest
  @ValueSource(strings = {"127.0.0.1", "localhost:80", "LOCALHOST", "[::1]", "[::1]:6443"})
  void theHostsOfThisMachineAreAnswered(String host) throws Exception {
    var answer = send("GET", SECRETS, host, "Bearer " + sandbox.token(), null, null);

    assertThat(answer.code()).isEqualTo(200);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; b=x"})
  void aBodyOfAnotherTypeIs415AndStoresNothing(String type) throws Exception {
    var answer = withToken("POST", CONFIG_MAPS, type, configMap("posted"));

    assertThat(answer.code()).isEqualTo(415);
    assertStatus(answer, "UnsupportedMediaType", 415);
    assertThat(withToken("GET", CONFIG_MAPS + "/posted", null, null).code()).isEqualTo(404);
    // the cross-site post itself has no token: 401 before its type is looked at
    assertThat(send("POST", CONFIG_MAPS, host(), null, type, configMap("posted")).code())
        .isEqualTo(401);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "application/merge-patch+json",
        "application/json-patch+json",
        "application/strategic-merge-patch+json",
        "application/apply-patch+yaml",
        "application/json; charset=utf-8"
      })
  void kubernetesPatchTypesPassTheGate(String type) throws Exception {
    withToken("POST", CONFIG_MAPS, "application/json", configMap("patched"));
    var body = type.contains("json-patch") ? "[]" : "{}";

    var answer = withToken("PATCH", CONFIG_MAPS + "/patched", type, body);

    // past the gate (whose refusal names the type it got): the patch handler answers as an API
    // server, 415 for a type it does not patch with (apply, plain JSON)
    assertThat(answer.code()).as(answer.body()).isNotIn(401, 403);
    assertThat(answer.body()).doesNotContain("unknown format (");
  }

  @Test
  void optionsIsAnsweredAtOnceWithoutACorsGrant() throws Exception {
    var preflight =
        "OPTIONS "
            + CONFIG_MAPS
            + " HTTP/1.1\r\nHost: "
            + host()
            + "\r\nOrigin: https://evil.example\r\nAccess-Control-Request-Method: POST\r\n"
            + "Access-Control-Request-Headers: authorization\r\nConnection: close\r\n\r\n";

    var answer = exchange(preflight.getBytes(StandardCharsets.US_ASCII));

    assertThat(answer.code()).isEqualTo(204);
    assertThat(answer.header("allow")).isEqualTo(RequestGate.ALLOW);
    assertThat(answer.head().toLowerCase(Locale.ROOT)).doesNotContain("access-control-");
  }

  @Test
  void itsFilesAreItsOwnersOnlyAndTheTokenOutlivesARestart() throws Exception {
    withToken("POST", CONFIG_MAPS, "application/json", configMap("kept"));
    var token = sandbox.token();
    var certificate = sandbox.certificate();
    sandbox.close();
    sandbox = SandboxCluster.start(SandboxSettings.under(data).withPort(0));

    assertThat(sandbox.token()).isEqualTo(token);
    // the same certificate: clients made before the restart still trust the server
    assertThat(sandbox.certificate()).isEqualTo(certificate);
    assertThat(withToken("GET", CONFIG_MAPS + "/kept", null, null).code()).isEqualTo(200);
    assertThat(mode(data)).isEqualTo("rwx------");
    try (Stream<Path> files = Files.list(data)) {
      assertThat(files.map(file -> file.getFileName() + " " + mode(file)))
          .containsExactlyInAnyOrder(
              "sandbox-kubeconfig.yaml rw-------",
              "sandbox-kubeconfig.yaml.crt rw-------",
              "sandbox-kubeconfig.yaml.key rw-------",
              "sandbox-cluster.json rw-------",
              "sandbox-cluster.json.lock rw-------");
    }
  }

  @Test
  void anRsaCertificateKeptByAnEarlierSandboxIsServedAsItIs() throws Exception {
    sandbox.close();
    // as fabric8's mock made and the sandbox kept them before: RSA 2048, the key in PKCS#1
    var keys = KeyPairGenerator.getInstance("RSA");
    keys.initialize(2048);
    var pair = keys.generateKeyPair();
    var identity = TlsIdentity.selfSigned(pair, "SHA256withRSA", Duration.ofDays(30));
    var key = new StringWriter();
    try (var writer = new JcaPEMWriter(key)) {
      writer.writeObject(pair.getPrivate());
    }
    assertThat(key.toString()).startsWith("-----BEGIN RSA PRIVATE KEY-----");
    Files.writeString(data.resolve("sandbox-kubeconfig.yaml.crt"), identity.certificate());
    Files.writeString(data.resolve("sandbox-kubeconfig.yaml.key"), key.toString());

    sandbox = SandboxCluster.start(SandboxSettings.under(data).withPort(0));

    assertThat(sandbox.certificate()).isEqualTo(identity.certificate());
    // the handshake trusts that certificate only: the server serves it
    assertThat(withToken("GET", CONFIG_MAPS, null, null).code()).isEqualTo(200);
  }

  // --- raw HTTP

  private record Answer(int code, String head, String body) {
    String header(String name) {
      return head.lines()
          .filter(line -> line.toLowerCase(Locale.ROOT).startsWith(name + ":"))
          .map(line -> line.substring(name.length() + 1).trim())
          .findFirst()
          .orElse(null);
    }
  }

  private Answer withToken(String method, String path, String type, String body)
      throws IOException {
    return send(method, path, host(), "Bearer " + sandbox.token(), type, body);
  }

  private Answer send(
      String method, String path, String host, String authorization, String type, String body)
      throws IOException {
    var bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    var request = new StringBuilder(method + " " + path + " HTTP/1.1\r\nHost: " + host + "\r\n");
    if (authorization != null) {
      request.append("Authorization: ").append(authorization).append("\r\n");
    }
    if (type != null) {
      request.append("Content-Type: ").append(type).append("\r\n");
    }
    request.append("Content-Length: ").append(bytes.length).append("\r\nConnection: close\r\n\r\n");
    var head = request.toString().getBytes(StandardCharsets.UTF_8);
    var all = new byte[head.length + bytes.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(bytes, 0, all, head.length, bytes.length);
    return exchange(all);
  }

  private Answer exchange(byte[] request) throws IOException {
    var port = URI.create(sandbox.url()).getPort();
    try (var socket = sandbox.sslContext().getSocketFactory().createSocket("127.0.0.1", port)) {
      socket.setSoTimeout(5_000); // a request never answered fails here
      socket.getOutputStream().write(request);
      var text = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      var split = text.indexOf("\r\n\r\n");
      var head = split < 0 ? text : text.substring(0, split);
      var body = split < 0 ? "" : text.substring(split + 4);
      return new Answer(Integer.parseInt(head.split(" ")[1]), head, body);
    }
  }

  private String host() {
    return "127.0.0.1:" + URI.create(sandbox.url()).getPort();
  }

  private static String configMap(String name) {
    return CONFIG_MAP.formatted(name);
  }

  private static void assertStatus(Answer answer, String reason, int code) throws IOException {
    JsonNode status = Nodes.MAPPER.readTree(answer.body());
    assertThat(status.path("kind").asText()).isEqualTo("Status");
    assertThat(status.path("status").asText()).isEqualTo("Failure");
    assertThat(status.path("reason").asText()).isEqualTo(reason);
    assertThat(status.path("code").asInt()).isEqualTo(code);
  }

  private static String mode(Path path) {
    try {
      return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
