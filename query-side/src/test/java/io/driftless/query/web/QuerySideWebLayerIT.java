package io.driftless.query.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.events.testing.RawRequest;
import io.driftless.query.support.LocalServices;
import io.driftless.security.TokenHash;
import java.nio.charset.StandardCharsets;
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
 * Issue 32 points 1, 6 and 7 on the query side alone (as it runs in the distributed setup, with a
 * token): a token in a header line Tomcat refuses is not in the log and the refusal is in the error
 * shape (before: Tomcat's HTML page, the JSON valve was the command side's); a header with C1 bytes
 * is 400 {@code bad_parameter}; {@code TRACE} is 405 and {@code GET /error} 404 in the error shape;
 * the history page comes with its CSP and Referrer-Policy. The standalone server's {@code
 * TokenNeverLoggedIT}, {@code OddRequestsIT} and {@code PageHeadersIT} have the full sets.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "logging.level.org.apache.coyote=DEBUG")
@ExtendWith(OutputCaptureExtension.class)
class QuerySideWebLayerIT {

  private static final String TOKEN = "tok" + UUID.randomUUID().toString().replace("-", "");

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add(
        "spring.datasource.url", () -> LocalServices.freshDatabase("driftless_query_web_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    registry.add("driftless.security.tokens[0].name", () -> "web-it");
    registry.add("driftless.security.tokens[0].hash", () -> TokenHash.of(TOKEN));
    registry.add("driftless.security.tokens[0].roles", () -> "admin");
  }

  @LocalServerPort int port;

  @Test
  void oddRequestsAnswerInTheErrorShapeAndNoHeaderReachesTheLog(CapturedOutput log)
      throws Exception {
    var crlf = send("GET /api/apps", "Authorization: Bearer " + TOKEN + "\r");
    assertThat(crlf).startsWith("HTTP/1.1 400").contains("\"error\":\"bad_request\"");

    var keyCanary = "canary" + UUID.randomUUID();
    var cyrillic = new String(("ключ" + keyCanary).getBytes(StandardCharsets.UTF_8), "ISO-8859-1");
    var odd = send("GET /api/apps", "Authorization: Bearer " + TOKEN, "X-Note: " + cyrillic);
    assertThat(odd).startsWith("HTTP/1.1 400").contains("\"error\":\"bad_parameter\"");

    var page = send("GET /");
    assertThat(page)
        .startsWith("HTTP/1.1 200")
        .contains("Content-Security-Policy: default-src 'none'; script-src 'self';")
        .contains("Referrer-Policy: no-referrer");

    var trace = send("TRACE /api/apps", "Authorization: Bearer " + TOKEN);
    assertThat(trace).startsWith("HTTP/1.1 405").contains("\"error\":\"method_not_allowed\"");
    var error = send("GET /error", "Authorization: Bearer " + TOKEN);
    assertThat(error).startsWith("HTTP/1.1 404").contains("\"error\":\"not_found\"");

    assertThat(log.getAll())
        .contains("Error parsing HTTP request header")
        .doesNotContain(TOKEN)
        .doesNotContain(keyCanary)
        .doesNotContain(" ERROR ");
  }

  private String send(String requestLine, String... headers) throws Exception {
    return RawRequest.send(port, requestLine, headers);
  }
}
