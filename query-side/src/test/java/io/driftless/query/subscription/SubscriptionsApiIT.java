package io.driftless.query.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.query.support.LocalServices;
import io.driftless.security.TokenHash;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * {@code /api/subscriptions} on the query side alone (MariaDB, tokens): what is refused is 400 in
 * the error shape naming the field, and nothing is written; only {@code admin} may use it; the
 * secret is never answered and never stored in clear.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SubscriptionsApiIT {

  private static final String ADMIN = "adm" + UUID.randomUUID().toString().replace("-", "");
  private static final String VIEWER = "vwr" + UUID.randomUUID().toString().replace("-", "");
  private static final String SECRET = "canary-secret-" + UUID.randomUUID();
  private static final ObjectMapper JSON = new ObjectMapper();

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add(
        "spring.datasource.url", () -> LocalServices.freshDatabase("driftless_subscriptions_api"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    registry.add("driftless.security.tokens[0].name", () -> "ops");
    registry.add("driftless.security.tokens[0].hash", () -> TokenHash.of(ADMIN));
    registry.add("driftless.security.tokens[0].roles", () -> "admin");
    registry.add("driftless.security.tokens[1].name", () -> "reader");
    registry.add("driftless.security.tokens[1].hash", () -> TokenHash.of(VIEWER));
    registry.add("driftless.security.tokens[1].roles", () -> "viewer,deployer");
    registry.add("driftless.secrets.key", () -> Base64.getEncoder().encodeToString(new byte[32]));
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void refusesBadUrlsPrivateTargetsUnknownTypesAndAppsAndShortSecretsWritingNothing()
      throws Exception {
    Map<String, Object> good =
        Map.of("url", "http://127.0.0.1:9/hook", "types", List.of("*"), "apps", List.of("*"));

    assertBad(with(good, "url", "ftp://127.0.0.1/hook"), "url");
    assertBad(with(good, "url", "not a url"), "url");
    assertBad(with(good, "url", "http://user:pw@127.0.0.1/hook"), "url");
    var privateTarget = assertBad(with(good, "url", "http://10.1.2.3/hook"), "url");
    assertThat(privateTarget.path("message").asText())
        .contains("10.1.2.3")
        .contains("allow-private-targets");
    assertBad(with(good, "url", "http://192.168.1.20:8080/"), "url");
    assertBad(with(good, "url", "http://169.254.169.254/latest/meta-data"), "url");
    assertBad(with(good, "types", List.of("change.exploded")), "types");
    assertBad(with(good, "types", List.of()), "types");
    assertBad(with(good, "apps", List.of("Default/x")), "apps");
    assertBad(with(good, "apps", List.of("no-slash")), "apps");
    assertBad(with(good, "secret", "short"), "secret");
    assertBad(good, "secret");
    var unreadable = send("POST", "/api/subscriptions", ADMIN, "{not json");
    assertThat(unreadable.statusCode()).isEqualTo(400);

    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM event_subscription", Long.class)).isZero();
  }

  @Test
  void onlyAnAdminMayCreateReadOrDeleteSubscriptions() throws Exception {
    var body = body(Map.of());
    assertThat(send("POST", "/api/subscriptions", VIEWER, body).statusCode()).isEqualTo(403);
    assertThat(send("GET", "/api/subscriptions", VIEWER, null).statusCode()).isEqualTo(403);
    assertThat(send("POST", "/api/subscriptions", null, body).statusCode()).isEqualTo(401);
    var forbidden = JSON.readTree(send("GET", "/api/subscriptions", VIEWER, null).body());
    assertThat(forbidden.path("error").asText()).isEqualTo("forbidden");
    assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM event_subscription", Long.class)).isZero();
  }

  @Test
  void anAdminCreatesListsAndDeletesAndTheSecretIsNeverShownNorStoredInClear() throws Exception {
    var created =
        send(
            "POST",
            "/api/subscriptions",
            ADMIN,
            body(Map.of("types", List.of("change.finished", "cdevents"), "apps", List.of("ns/a"))));
    assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
    assertThat(created.body()).doesNotContain(SECRET);
    var id = JSON.readTree(created.body()).path("id").asText();
    assertThat(created.headers().firstValue("Location")).hasValue("/api/subscriptions/" + id);

    var listed = send("GET", "/api/subscriptions", ADMIN, null);
    assertThat(listed.body()).contains(id).doesNotContain(SECRET);
    var one = JSON.readTree(send("GET", "/api/subscriptions/" + id, ADMIN, null).body());
    assertThat(one.path("types").toString()).isEqualTo("[\"change.finished\",\"cdevents\"]");
    assertThat(one.path("createdBy").asText()).isEqualTo("ops");
    assertThat(one.path("backlog").path("pending").asLong()).isZero();
    var row = jdbc.queryForMap("SELECT * FROM event_subscription WHERE id = ?", id);
    assertThat(row.values().toString()).doesNotContain(SECRET);

    assertThat(
            send("GET", "/api/subscriptions/" + id + "/deliveries?status=lost", ADMIN, null)
                .statusCode())
        .isEqualTo(400);
    assertThat(send("GET", "/api/subscriptions/" + id + "/deliveries", ADMIN, null).body())
        .isEqualTo("[]");
    assertThat(
            send("POST", "/api/subscriptions/" + id + "/deliveries/42/redeliver", ADMIN, null)
                .statusCode())
        .isEqualTo(404);
    assertThat(send("DELETE", "/api/subscriptions/" + id, ADMIN, null).statusCode()).isEqualTo(204);
    var gone = send("GET", "/api/subscriptions/" + id, ADMIN, null);
    assertThat(gone.statusCode()).isEqualTo(404);
    assertThat(JSON.readTree(gone.body()).path("error").asText()).isEqualTo("not_found");
  }

  private static Map<String, Object> with(Map<String, Object> base, String key, Object value) {
    var copy = new java.util.HashMap<>(base);
    copy.put(key, value);
    return copy;
  }

  private static String body(Map<String, Object> overrides) throws Exception {
    var fields = new java.util.HashMap<String, Object>();
    fields.put("url", "http://127.0.0.1:9/hook");
    fields.put("types", List.of("*"));
    fields.put("apps", List.of("*"));
    fields.put("secret", SECRET);
    fields.putAll(overrides);
    return JSON.writeValueAsString(fields);
  }

  private JsonNode assertBad(Map<String, Object> fields, String parameter) throws Exception {
    var withSecret = new java.util.HashMap<>(fields);
    if (!"secret".equals(parameter) || fields.containsKey("secret")) {
      withSecret.putIfAbsent("secret", SECRET);
    }
    var response = send("POST", "/api/subscriptions", ADMIN, JSON.writeValueAsString(withSecret));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
    var error = JSON.readTree(response.body());
    assertThat(error.path("error").asText()).isEqualTo("bad_parameter");
    assertThat(error.path("details").toString()).contains("parameter: " + parameter);
    return error;
  }

  private HttpResponse<String> send(String method, String path, String token, String body)
      throws Exception {
    var request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Content-Type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
