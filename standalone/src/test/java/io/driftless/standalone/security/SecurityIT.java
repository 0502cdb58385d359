package io.driftless.standalone.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.security.TokenHash;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 14 point 1 over real HTTP, on the standalone server (both sides' APIs, one filter chain)
 * with tokens configured: 401 without or with a wrong token, 403 without the role, each in the
 * API's error shape; what each role may do; health open; refusals logged without the token.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ExtendWith(OutputCaptureExtension.class)
class SecurityIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String VIEWER = "viewer-" + UUID.randomUUID();
  private static final String DEPLOYER = "deployer-" + UUID.randomUUID();
  private static final String ADMIN = "admin-" + UUID.randomUUID();
  private static final String WRONG = "wrong-" + UUID.randomUUID();
  private static final String APP = "/api/apps/default/secured-app";
  private static final String CONFIG_MAP = configMap("secured");

  private static final TestIdentityProvider IDP = TestIdentityProvider.start();
  private static final String JWT_VIEWER = IDP.token("carol", List.of("viewer"));

  private static CapturedOutput output;

  private static String configMap(String name) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\ndata:\n  a: \"1\"\n";
  }

  @DynamicPropertySource
  static void embeddedWithTokens(DynamicPropertyRegistry registry) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
    token(registry, 0, "it-viewer", VIEWER, "viewer");
    token(registry, 1, "it-deployer", DEPLOYER, "deployer");
    token(registry, 2, "it-admin", ADMIN, "admin");
    registry.add("driftless.security.jwt.issuer-uri", () -> TestIdentityProvider.ISSUER);
    registry.add("driftless.security.jwt.jwk-set-uri", IDP::jwkSetUri);
  }

  private static void token(
      DynamicPropertyRegistry registry, int index, String name, String token, String roles) {
    var prefix = "driftless.security.tokens[" + index + "].";
    registry.add(prefix + "name", () -> name);
    registry.add(prefix + "hash", () -> TokenHash.of(token));
    registry.add(prefix + "roles", () -> roles);
  }

  @LocalServerPort int port;

  private final HttpClient http = HttpClient.newHttpClient();

  @AfterAll
  static void noTokenInTheLog() {
    if (output != null) {
      assertThat(output.getAll()).doesNotContain(VIEWER, DEPLOYER, ADMIN, WRONG, JWT_VIEWER);
    }
  }

  @Test
  void withoutATokenEveryApiRequestIs401InTheErrorShape(CapturedOutput log) throws Exception {
    output = log;
    for (var request : new String[] {"GET /api/apps", "POST " + APP + "/deploy", "GET /nowhere"}) {
      var parts = request.split(" ");
      var response = send(parts[0], parts[1], null, CONFIG_MAP);
      assertThat(response.statusCode()).as(request).isEqualTo(401);
      assertThat(response.headers().firstValue("WWW-Authenticate")).hasValue("Bearer");
      assertError(response, "unauthorized");
    }
    assertThat(log.getOut())
        .contains("Refused GET /api/apps from 127.0.0.1: no bearer token (401)");
  }

  @Test
  void aWrongTokenIs401AndLoggedWithoutIt(CapturedOutput log) throws Exception {
    output = log;
    var response = send("GET", "/api/apps", WRONG, null);

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.headers().firstValue("WWW-Authenticate"))
        .hasValue("Bearer error=\"invalid_token\"");
    assertError(response, "unauthorized");
    assertThat(log.getOut())
        .contains("Refused GET /api/apps from 127.0.0.1: unknown token (401)")
        .doesNotContain(WRONG);
    var basic =
        http.send(
            HttpRequest.newBuilder(uri("/api/apps"))
                .header("Authorization", "Basic " + WRONG)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(basic.statusCode()).isEqualTo(401);
  }

  @Test
  void viewerReadsButMayNotDeployDeleteOrRebuild(CapturedOutput log) throws Exception {
    output = log;
    var read = send("GET", "/api/apps", VIEWER, null);
    assertThat(read.statusCode()).as(read.body()).isEqualTo(200);
    assertThat(read.headers().firstValue("Set-Cookie")).as("stateless").isEmpty();

    var deploy = send("POST", APP + "/deploy", VIEWER, CONFIG_MAP);
    assertThat(deploy.statusCode()).isEqualTo(403);
    assertError(deploy, "forbidden");
    assertThat(JSON.readTree(deploy.body()).get("message").asText()).contains("deployer");
    assertThat(send("DELETE", APP, VIEWER, null).statusCode()).isEqualTo(403);
    assertThat(send("POST", "/api/projections/timeline/rebuild", VIEWER, null).statusCode())
        .isEqualTo(403);
    assertThat(log.getOut())
        .contains(
            "Refused POST "
                + APP
                + "/deploy from 127.0.0.1: token 'it-viewer' lacks the role"
                + " deployer (403)");
  }

  @Test
  void deployerDeploysAndReconcilesButDoesNotRead(CapturedOutput log) throws Exception {
    output = log;
    var deploy = send("POST", APP + "/deploy", DEPLOYER, CONFIG_MAP);
    assertThat(deploy.statusCode()).as(deploy.body()).isEqualTo(200);
    assertThat(JSON.readTree(deploy.body()).get("successful").asBoolean()).isTrue();

    var reconcile = send("POST", APP + "/reconcile", DEPLOYER, null);
    assertThat(reconcile.statusCode()).as(reconcile.body()).isEqualTo(200);
    assertThat(send("GET", "/api/apps", DEPLOYER, null).statusCode()).isEqualTo(403);
    assertThat(send("POST", "/api/projections/timeline/rebuild", DEPLOYER, null).statusCode())
        .isEqualTo(403);
  }

  @Test
  void adminRebuildsAndMayDoWhatTheOthersMay(CapturedOutput log) throws Exception {
    output = log;
    var rebuild = send("POST", "/api/projections/timeline/rebuild", ADMIN, null);
    assertThat(rebuild.statusCode()).as(rebuild.body()).isEqualTo(202);
    assertThat(send("GET", "/api/projections", ADMIN, null).statusCode()).isEqualTo(200);
    var deploy = send("POST", "/api/apps/default/admin-app/deploy", ADMIN, configMap("by-admin"));
    assertThat(deploy.statusCode()).as(deploy.body()).isEqualTo(200);
  }

  @Test
  void healthIsOpenOtherActuatorEndpointsAreAdminOnly(CapturedOutput log) throws Exception {
    output = log;
    var health = send("GET", "/actuator/health", null, null);
    assertThat(health.statusCode()).as(health.body()).isEqualTo(200);
    assertThat(send("GET", "/actuator/health/liveness", null, null).statusCode()).isNotIn(401, 403);
    assertThat(send("GET", "/actuator/metrics", null, null).statusCode()).isEqualTo(401);
    assertThat(send("GET", "/actuator/metrics", VIEWER, null).statusCode()).isEqualTo(403);
    assertThat(send("GET", "/actuator/metrics", ADMIN, null).statusCode()).isEqualTo(200);
  }

  @Test
  void theHistoryPagesFilesLoadWithoutATokenAndItsDataDoesNot(CapturedOutput log) throws Exception {
    output = log;
    for (var file :
        new String[] {"/", "/index.html", "/history.js", "/history.css", "/js/common.js"}) {
      var page = send("GET", file, null, null);
      assertThat(page.statusCode()).as(file).isEqualTo(200);
      assertThat(page.body()).as(file).isNotBlank();
    }
    assertThat(send("GET", "/api/apps", null, null).statusCode()).isEqualTo(401);
    assertThat(send("POST", "/", null, null).statusCode()).isEqualTo(401);
  }

  @Test
  void identityProviderTokenCarriesTheRolesOfItsClaim(CapturedOutput log) throws Exception {
    output = log;
    var read = send("GET", "/api/apps", JWT_VIEWER, null);
    assertThat(read.statusCode()).as(read.body()).isEqualTo(200);

    var deploy = send("POST", APP + "/deploy", JWT_VIEWER, CONFIG_MAP);
    assertThat(deploy.statusCode()).isEqualTo(403);
    assertThat(log.getOut()).contains("token 'jwt:carol' lacks the role deployer (403)");
    var forged = JWT_VIEWER.substring(0, JWT_VIEWER.lastIndexOf('.') + 1) + "AAAA";
    assertThat(send("GET", "/api/apps", forged, null).statusCode()).isEqualTo(401);
  }

  /** Issue 29 point 5: the page learns the caller's roles; a deployer-only token may ask too. */
  @Test
  void whoamiNamesTheCallerAndItsRoles(CapturedOutput log) throws Exception {
    output = log;
    var viewer = send("GET", "/api/whoami", VIEWER, null);
    assertThat(viewer.statusCode()).as(viewer.body()).isEqualTo(200);
    assertThat(JSON.readTree(viewer.body()))
        .isEqualTo(JSON.readTree("{\"name\":\"it-viewer\",\"roles\":[\"viewer\"],\"open\":false}"));
    var deployer = JSON.readTree(send("GET", "/api/whoami", DEPLOYER, null).body());
    assertThat(deployer.get("roles").toString()).isEqualTo("[\"deployer\"]");
    var admin = JSON.readTree(send("GET", "/api/whoami", ADMIN, null).body());
    assertThat(admin.get("roles").toString()).isEqualTo("[\"admin\",\"deployer\",\"viewer\"]");
    var jwt = JSON.readTree(send("GET", "/api/whoami", JWT_VIEWER, null).body());
    assertThat(jwt.get("name").asText()).isEqualTo("jwt:carol");
    var none = send("GET", "/api/whoami", null, null);
    assertThat(none.statusCode()).isEqualTo(401);
    assertError(none, "unauthorized");
  }

  @Test
  void pathTheFirewallRefusesIs400InTheErrorShape(CapturedOutput log) throws Exception {
    output = log;
    var response = send("GET", "/api/apps/default/odd%25name", VIEWER, null);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    assertError(response, "bad_request");
  }

  @Test
  void unknownPathWithATokenIs404InTheErrorShape(CapturedOutput log) throws Exception {
    output = log;
    var response = send("GET", "/nowhere", VIEWER, null);
    assertThat(response.statusCode()).isEqualTo(404);
    assertError(response, "not_found");
  }

  private void assertError(HttpResponse<String> response, String code) throws Exception {
    assertThat(response.headers().firstValue("Content-Type"))
        .get()
        .asString()
        .startsWith("application/json");
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.get("error").asText()).isEqualTo(code);
    assertThat(body.get("message").asText()).isNotBlank();
    assertThat(body.get("details").isArray()).isTrue();
  }

  private HttpResponse<String> send(String method, String path, String token, String yaml)
      throws Exception {
    var builder = HttpRequest.newBuilder(uri(path));
    if (token != null) {
      builder.header("Authorization", "Bearer " + token);
    }
    if (yaml != null && method.equals("POST")) {
      builder.header("Content-Type", "application/yaml");
      builder.method(method, HttpRequest.BodyPublishers.ofString(yaml));
    } else {
      builder.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return http.send(builder.build(), HttpResponse.BodyHandlers.ofString());
  }

  private URI uri(String path) {
    return URI.create("http://127.0.0.1:" + port + path);
  }
}
