package io.driftless.standalone.subscriptions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.standalone.EmbeddedServers;
import io.driftless.standalone.web.Browsers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The history page's Projections page lists the webhook subscriptions with their backlog (issue
 * 30): a target that keeps answering 503 shows its failed delivery, one that answers 200 its
 * delivered ones, in words and numbers, never {@code null} or {@code NaN}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class SubscriptionsPageIT {

  private static final ObjectMapper JSON = new ObjectMapper();

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    EmbeddedServers.dataDirAndFreeSandboxPort(registry);
    registry.add("driftless.subscriptions.first-backoff", () -> "1h");
  }

  @LocalServerPort int port;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void theProjectionsPageShowsEachSubscriptionsBacklog() throws Exception {
    try (var receiver = new Receiver()) {
      var down = receiver.answering("/down", 503);
      var up = receiver.answering("/up", 200);
      subscribe(down, List.of("change.finished"));
      subscribe(up, List.of("*"));
      deploy("page-hooks");
      await().atMost(Duration.ofSeconds(20)).until(() -> receiver.got("/up").size() == 3);
      await().atMost(Duration.ofSeconds(20)).until(() -> receiver.got("/down").size() == 1);

      var browser = Browsers.headlessChromium();
      try {
        var wait = new WebDriverWait(browser, Duration.ofSeconds(20));
        wait.ignoring(StaleElementReferenceException.class);
        browser.get("http://127.0.0.1:" + port + "/#/projections");
        wait.until(
            d ->
                d.findElement(By.id("subscriptions")).getText().contains(up)
                    && d.findElements(By.cssSelector("#subscriptions tbody tr")).size() == 2);
        var rows = browser.findElements(By.cssSelector("#subscriptions tbody tr"));
        assertThat(rows.get(0).findElement(By.tagName("th")).getText()).isEqualTo(down);
        assertThat(cells(rows.get(0)))
            .containsExactly("change.finished", "default/page-hooks", "0", "1", "0", "0");
        assertThat(rows.get(1).findElement(By.tagName("th")).getText()).isEqualTo(up);
        assertThat(cells(rows.get(1)))
            .containsExactly("*", "default/page-hooks", "0", "0", "0", "3");
        assertThat(browser.findElement(By.tagName("main")).getText())
            .doesNotContainPattern("\\b(null|undefined|NaN)\\b");
        Browsers.screenshot(browser, "projections-subscriptions");
      } finally {
        browser.quit();
      }
    }
  }

  /**
   * Types, apps and the four counts of a subscription's row (the oldest pending's age left out).
   */
  private static List<String> cells(org.openqa.selenium.WebElement row) {
    return row.findElements(By.tagName("td")).stream()
        .limit(6)
        .map(cell -> cell.getText().replaceAll("[^0-9a-z./*,-]", ""))
        .toList();
  }

  private void subscribe(String url, List<String> types) throws Exception {
    var body =
        JSON.writeValueAsString(
            Map.of(
                "url",
                url,
                "types",
                types,
                "apps",
                List.of("default/page-hooks"),
                "secret",
                "page-webhook-secret-01"));
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/subscriptions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
  }

  private void deploy(String app) throws Exception {
    var yaml =
        """
        apiVersion: v1
        kind: ConfigMap
        metadata:
          name: %s
        data:
          a: b
        """
            .formatted(app);
    var response =
        http.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/api/apps/default/" + app + "/deploy"))
                .header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(yaml))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
  }
}
