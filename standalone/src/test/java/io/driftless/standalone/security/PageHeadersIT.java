package io.driftless.standalone.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.standalone.EmbeddedServers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 32 point 7: the history page and its files come with a Content Security Policy that allows
 * only the page's own files (no inline script, no framing), {@code Referrer-Policy: no-referrer}
 * and {@code X-Content-Type-Options: nosniff}, on the embedded default (open, no tokens). Before:
 * neither CSP nor Referrer-Policy. That the page works under the policy is HistoryPageIT's and
 * HistoryPageTokenIT's (chromium enforces it there).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class PageHeadersIT {

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    EmbeddedServers.dataDirAndFreeSandboxPort(registry);
  }

  @LocalServerPort int port;

  @Test
  void thePageAndItsFilesCarryTheSecurityHeaders() throws Exception {
    var http = HttpClient.newHttpClient();
    for (var path :
        new String[] {
          "/", "/index.html", "/history.js", "/history.css", "/js/common.js", "/api/apps"
        }) {
      var answer =
          http.send(
              HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
              HttpResponse.BodyHandlers.ofString());

      assertThat(answer.statusCode()).as(path).isEqualTo(200);
      var headers = answer.headers();
      assertThat(headers.firstValue("Content-Security-Policy"))
          .as(path)
          .hasValueSatisfying(
              csp ->
                  assertThat(csp)
                      .contains("default-src 'none'")
                      .contains("script-src 'self';")
                      .contains("style-src 'self';")
                      .contains("connect-src 'self'")
                      .contains("frame-ancestors 'none'")
                      .doesNotContain("unsafe-inline")
                      .doesNotContain("unsafe-eval"));
      assertThat(headers.firstValue("Referrer-Policy")).as(path).hasValue("no-referrer");
      assertThat(headers.firstValue("X-Content-Type-Options")).as(path).hasValue("nosniff");
      assertThat(headers.firstValue("X-Frame-Options")).as(path).hasValue("DENY");
    }
  }

  @Test
  void thePageHasNoInlineScriptStyleOrHandler() throws Exception {
    var page =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/")).build(),
                HttpResponse.BodyHandlers.ofString())
            .body();

    assertThat(page).containsPattern("<script [^>]*src=\"history.js\"");
    assertThat(page.replaceAll("<script [^>]*src=\"[^\"]+\"></script>", ""))
        .doesNotContain("<script")
        .doesNotContain("<style")
        .doesNotContainPattern(" on[a-z]+=")
        .doesNotContain("style=");
  }
}
