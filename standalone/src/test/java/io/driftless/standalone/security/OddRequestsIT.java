package io.driftless.standalone.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.security.TokenHash;
import io.driftless.standalone.EmbeddedServers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 32 point 6 over HTTP on the standalone server with a token: odd headers and requests answer
 * in the API's error shape with the right status, and none is logged at ERROR nor quoted. Before: a
 * non-ASCII {@code Idempotency-Key} was a 500 with the value in an ERROR stack trace, {@code TRACE}
 * answered in Boot's shape, {@code GET /error} was a 500 {@code status 999}, a non-ASCII {@code
 * Authorization} a 400 blaming the path, of two {@code Authorization} headers the first won, and a
 * ConfigMap key {@code k<img ...>} was deployed.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class OddRequestsIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ADMIN = "admin-" + UUID.randomUUID();
  private static final String KEY_CANARY = "key-canary-" + UUID.randomUUID();
  private static final String APP = "/api/apps/default/odd-app";

  @DynamicPropertySource
  static void embeddedWithAToken(DynamicPropertyRegistry registry) throws Exception {
    EmbeddedServers.dataDirAndFreeSandboxPort(registry);
    registry.add("driftless.security.tokens[0].name", () -> "odd-admin");
    registry.add("driftless.security.tokens[0].hash", () -> TokenHash.of(ADMIN));
    registry.add("driftless.security.tokens[0].roles", () -> "admin");
  }

  @LocalServerPort int port;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void aNonAsciiIdempotencyKeyIs400BadParameterAndNotLogged(CapturedOutput log) throws Exception {
    // "ключ" as UTF-8: bytes 0x80-0x9f among them, which the firewall refuses as C1 controls
    var utf8 = new String(("ключ-" + KEY_CANARY).getBytes("UTF-8"), "ISO-8859-1");
    var answer =
        RawHttp.send(
            port,
            deploy(
                "Authorization: Bearer " + ADMIN,
                "Idempotency-Key: " + utf8,
                "Content-Type: application/yaml"));

    assertThat(answer.status()).as(answer.body()).isEqualTo(400);
    var body = JSON.readTree(jsonOf(answer.body()));
    assertThat(body.get("error").asText()).isEqualTo("bad_parameter");
    assertThat(body.get("message").asText()).contains("Idempotency-Key");
    assertThat(answer.body()).doesNotContain(KEY_CANARY);
    assertThat(log.getAll()).doesNotContain(KEY_CANARY).doesNotContain(" ERROR ");
    var latin =
        RawHttp.send(port, deploy("Authorization: Bearer " + ADMIN, "Idempotency-Key: clé"));
    assertThat(latin.status()).isEqualTo(400);
    assertThat(latin.body()).contains("\"error\":\"bad_parameter\"");
  }

  @Test
  void traceIs405InTheErrorShape(CapturedOutput log) throws Exception {
    var answer =
        RawHttp.send(port, request("TRACE", "/api/apps", "Authorization: Bearer " + ADMIN));

    assertThat(answer.status()).as(answer.body()).isEqualTo(405);
    var body = assertError(jsonOf(answer.body()), "method_not_allowed");
    assertThat(body.get("message").asText()).startsWith("TRACE is not allowed on /api/apps");
    assertThat(answer.body()).doesNotContain("timestamp");
  }

  @Test
  void getErrorIs404NotFound(CapturedOutput log) throws Exception {
    var answer = send("GET", "/error", ADMIN);

    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(404);
    assertError(answer.body(), "not_found");
    assertThat(answer.body()).doesNotContain("999");
    assertThat(send("GET", "/error", null).statusCode()).isEqualTo(401);
  }

  @Test
  void aNonAsciiAuthorizationIsAMalformedHeaderNotABadPath(CapturedOutput log) throws Exception {
    for (var suffix : new String[] {"\u00e2\u0082\u00ac", "\u00c3\u00a9", " x"}) {
      var answer =
          RawHttp.send(port, RawHttp.get("/api/apps", "Authorization: Bearer " + ADMIN + suffix));

      assertThat(answer.status()).as(suffix).isEqualTo(400);
      var body = assertError(jsonOf(answer.body()), "bad_parameter");
      assertThat(body.get("message").asText())
          .as(suffix)
          .startsWith("The Authorization header is malformed")
          .doesNotContain("path");
    }
    assertThat(log.getOut())
        .contains(
            "Refused GET /api/apps from 127.0.0.1: the Authorization header is malformed (400)")
        .doesNotContain(ADMIN);
  }

  @Test
  void twoAuthorizationHeadersAreRefused(CapturedOutput log) throws Exception {
    var answer =
        RawHttp.send(
            port,
            RawHttp.get(
                "/api/apps", "Authorization: Bearer " + ADMIN, "Authorization: Bearer other"));

    assertThat(answer.status()).isEqualTo(400);
    var body = assertError(jsonOf(answer.body()), "bad_parameter");
    assertThat(body.get("message").asText()).contains("Authorization header").contains("2 times");
  }

  @Test
  void aConfigMapKeyKubernetesRefusesIs422AndNothingIsStored(CapturedOutput log) throws Exception {
    var configMap =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: odd\ndata:\n"
            + "  'k<img src=x onerror=alert(1)>': v\n";
    var answer =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + APP + "/deploy"))
                .header("Authorization", "Bearer " + ADMIN)
                .header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(configMap))
                .build(),
            HttpResponse.BodyHandlers.ofString());

    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(422);
    var body = assertError(answer.body(), "invalid_resources");
    assertThat(body.get("details").toString()).contains("document 1: ConfigMap odd");
    assertThat(send("GET", APP + "/changes", ADMIN).statusCode()).isEqualTo(404);
  }

  private static byte[] deploy(String... headers) {
    var body = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  a: b\n";
    var head = new StringBuilder("POST " + APP + "/deploy HTTP/1.1\r\nHost: localhost\r\n");
    for (var line : headers) {
      head.append(line).append("\r\n");
    }
    head.append("Content-Length: ").append(body.length()).append("\r\n");
    head.append("Connection: close\r\n\r\n").append(body);
    return head.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  private static byte[] request(String method, String path, String header) {
    return (method
            + " "
            + path
            + " HTTP/1.1\r\nHost: localhost\r\n"
            + header
            + "\r\nConnection: close\r\n\r\n")
        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  /** The JSON of a body that may be sent chunked. */
  private static String jsonOf(String body) {
    return body.substring(body.indexOf('{'), body.lastIndexOf('}') + 1);
  }

  private HttpResponse<String> send(String method, String path, String token) throws Exception {
    var builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
    if (token != null) {
      builder.header("Authorization", "Bearer " + token);
    }
    return http.send(
        builder.method(method, HttpRequest.BodyPublishers.noBody()).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode assertError(String json, String code) throws Exception {
    JsonNode body = JSON.readTree(json);
    assertThat(body.get("error").asText()).isEqualTo(code);
    assertThat(body.get("message").asText()).isNotBlank();
    assertThat(body.get("details").isArray()).isTrue();
    return body;
  }
}
