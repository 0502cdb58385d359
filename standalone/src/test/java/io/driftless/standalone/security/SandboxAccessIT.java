package io.driftless.standalone.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.sandbox.SandboxCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 32 points 2 and 3 on a started standalone server, over real HTTP: its sandbox cluster asks
 * for the token of the kubeconfig it writes under the data folder (401 in Kubernetes' Status shape
 * without it), refuses a foreign Host (403) and a cross-site form or text post (415), answers
 * OPTIONS at once without a CORS grant, while Driftless's own deploys reach it through that
 * kubeconfig; after a start and a deploy with a Secret, the data folder is {@code 700} and every
 * file in it {@code 600}. Before the fix: the sandbox answered every request without a token and
 * whatever its Host (200, and the POSTs stored their objects), OPTIONS was never answered, and the
 * folder was {@code 755} with the H2 database, the sandbox's store, its kubeconfig and the lock
 * files {@code 644}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SandboxAccessIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SECRETS = "/api/v1/namespaces/default/secrets";
  private static final String CONFIG_MAPS = "/api/v1/namespaces/default/configmaps";
  private static final Path DATA =
      Path.of("target", "sandbox-access-" + UUID.randomUUID(), "data").toAbsolutePath();

  @DynamicPropertySource
  static void freshDataFolder(DynamicPropertyRegistry registry) {
    // not created beforehand: the server makes it
    registry.add("driftless.data-dir", DATA::toString);
    registry.add("driftless.sandbox.port", () -> 0);
  }

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void theSandboxAsksForTheTokenOfItsKubeconfig() throws Exception {
    var kubeconfig = Files.readString(DATA.resolve("sandbox-kubeconfig.yaml"));
    assertThat(kubeconfig).contains("server: https://127.0.0.1:", "certificate-authority-data: ");
    var token =
        kubeconfig.lines().map(String::trim).filter(l -> l.startsWith("token:")).findFirst();
    assertThat(token).hasValue("token: " + sandbox.token());
    assertThat(sandbox.token()).hasSize(43);

    var without = send("GET", SECRETS, host(), null, null, null);
    var wrong = send("GET", SECRETS, host(), "Bearer sandbox", null, null);
    var with = send("GET", SECRETS, host(), "Bearer " + sandbox.token(), null, null);

    assertThat(without.code()).isEqualTo(401);
    assertStatus(without, "Unauthorized", 401);
    assertThat(wrong.code()).isEqualTo(401);
    assertThat(with.code()).isEqualTo(200);
  }

  @Test
  void aForeignHostIsRefusedEvenWithTheToken() throws Exception {
    var answer = send("GET", SECRETS, "rebound.example:" + sandboxPort(), bearer(), null, null);

    assertThat(answer.code()).isEqualTo(403);
    assertStatus(answer, "Forbidden", 403);
  }

  @Test
  void aCrossSiteFormOrTextPostIsRefusedAndStoresNothing() throws Exception {
    var body = "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"csrf\"}}";
    for (var type : new String[] {"text/plain", "application/x-www-form-urlencoded"}) {
      // as a page's form sends it: no token
      assertThat(send("POST", CONFIG_MAPS, host(), null, type, body).code()).isEqualTo(401);
      // and with the token, the type alone is refused
      var typed = send("POST", CONFIG_MAPS, host(), bearer(), type, body);
      assertThat(typed.code()).as(type).isEqualTo(415);
      assertStatus(typed, "UnsupportedMediaType", 415);
    }
    assertThat(send("GET", CONFIG_MAPS + "/csrf", host(), bearer(), null, null).code())
        .isEqualTo(404);
  }

  @Test
  void optionsIsAnsweredAtOnceWithoutACorsGrant() throws Exception {
    var answer =
        exchange(
            ("OPTIONS "
                    + SECRETS
                    + " HTTP/1.1\r\nHost: "
                    + host()
                    + "\r\nOrigin: https://evil.example\r\nAccess-Control-Request-Method: GET\r\n"
                    + "Connection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));

    assertThat(answer.code()).isIn(200, 204);
    assertThat(answer.head().toLowerCase(Locale.ROOT))
        .contains("allow: get")
        .doesNotContain("access-control-");
  }

  @Test
  void afterADeployTheDataFolderIsTheOwnersOnly() throws Exception {
    var manifest =
        """
        apiVersion: v1
        kind: Secret
        metadata:
          name: modes
        stringData:
          password: not-for-others
        ---
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: modes
        data:
          a: "1"
        """;
    var deploy =
        http.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/api/apps/default/modes/deploy"))
                .header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(manifest))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(deploy.statusCode()).as(deploy.body()).isEqualTo(200);

    assertThat(mode(DATA)).isEqualTo("rwx------");
    try (Stream<Path> files = Files.list(DATA)) {
      var modes = files.map(file -> file.getFileName() + " " + mode(file)).toList();
      assertThat(modes)
          .contains(
              "driftless.mv.db rw-------",
              "secrets.key rw-------",
              "sandbox-cluster.json rw-------",
              "sandbox-cluster.json.lock rw-------",
              "sandbox-kubeconfig.yaml rw-------")
          // server.lock too when the folder is known before the context (a real start; a test's
          // dynamic folder is not, so its lock is on ./data)
          .allMatch(line -> line.endsWith(" rw-------"));
    }
  }

  // --- raw HTTPS to the sandbox: a TLS socket, so that Host and Content-Type are exactly as sent

  private record Answer(int code, String head, String body) {}

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
    try (var socket =
        sandbox.sslContext().getSocketFactory().createSocket("127.0.0.1", sandboxPort())) {
      socket.setSoTimeout(5_000); // a request never answered fails here
      socket.getOutputStream().write(request);
      var text = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      var split = text.indexOf("\r\n\r\n");
      var head = split < 0 ? text : text.substring(0, split);
      return new Answer(
          Integer.parseInt(head.split(" ")[1]), head, split < 0 ? "" : text.substring(split + 4));
    }
  }

  private int sandboxPort() {
    return URI.create(sandbox.url()).getPort();
  }

  private String host() {
    return "127.0.0.1:" + sandboxPort();
  }

  private String bearer() {
    return "Bearer " + sandbox.token();
  }

  private static void assertStatus(Answer answer, String reason, int code) throws IOException {
    JsonNode status = JSON.readTree(answer.body());
    assertThat(status.path("kind").asText()).isEqualTo("Status");
    assertThat(status.path("reason").asText()).isEqualTo(reason);
    assertThat(status.path("code").asInt()).isEqualTo(code);
  }

  private static String mode(Path path) {
    try {
      return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
