package io.driftless.standalone.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.security.TokenHash;
import io.driftless.standalone.EmbeddedServers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The history page on a server with API tokens: it asks for a token on the first 401, keeps it in
 * the tab's sessionStorage only (never localStorage, never a cookie), sends it as a bearer token; a
 * wrong one brings the form back; a {@code viewer} token shows every page; and in all of it the
 * page sends no request other than GET (read from chromium's network log).
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HistoryPageTokenIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String VIEWER = "viewer-" + UUID.randomUUID();
  private static final String DEPLOYER = "deployer-" + UUID.randomUUID();
  private static final Duration WAIT = Duration.ofSeconds(30);

  @DynamicPropertySource
  static void embeddedWithTokens(DynamicPropertyRegistry registry) throws Exception {
    EmbeddedServers.dataDirAndFreeSandboxPort(registry);
    registry.add("driftless.security.tokens[0].name", () -> "page-viewer");
    registry.add("driftless.security.tokens[0].hash", () -> TokenHash.of(VIEWER));
    registry.add("driftless.security.tokens[0].roles", () -> "viewer");
    registry.add("driftless.security.tokens[1].name", () -> "page-deployer");
    registry.add("driftless.security.tokens[1].hash", () -> TokenHash.of(DEPLOYER));
    registry.add("driftless.security.tokens[1].roles", () -> "deployer");
  }

  @LocalServerPort int port;

  private ChromeDriver browser;

  @AfterEach
  void stopBrowser() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void aViewerTokenFromTheFormShowsEveryPageAndThePageOnlyReads() throws Exception {
    var changeId = deploy();
    browser = Browsers.headlessChromium();
    var wait = new WebDriverWait(browser, WAIT);
    wait.ignoring(StaleElementReferenceException.class); // the page re-renders as it polls
    var js = (JavascriptExecutor) browser;

    browser.get(base() + "/");
    var form = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token-form")));
    Browsers.screenshot(browser, "token-form");
    browser.findElement(By.id("token")).sendKeys("not-a-token");
    form.findElement(By.cssSelector("button[type=submit]")).click();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("token-form")));

    var field = browser.findElement(By.id("token"));
    field.clear();
    field.sendKeys(VIEWER);
    browser.findElement(By.cssSelector("#token-form button[type=submit]")).click();
    wait.until(
        ExpectedConditions.visibilityOfElementLocated(
            By.cssSelector("#apps tr[data-app='default/page-app']")));
    assertThat(js.executeScript("return sessionStorage.getItem('driftless.token')"))
        .isEqualTo(VIEWER);
    assertThat(js.executeScript("return localStorage.length")).isEqualTo(0L);
    assertThat(js.executeScript("return document.cookie")).isEqualTo("");

    for (var page :
        new String[] {
          "#/apps/default/page-app",
          "#/apps/default/page-app/changes/" + changeId,
          "#/apps/default/page-app/resources/ConfigMap/page-app",
          "#/projections"
        }) {
      browser.get(base() + "/" + page);
      // read in one script: the page re-renders when the views move
      wait.until(
          d ->
              Boolean.TRUE.equals(
                  js.executeScript(
                      "const h1 = document.querySelector('main h1');"
                          + " return !!h1 && h1.textContent !== 'Could not load'"
                          + " && document.getElementById('token-form').hidden;")));
      assertThat((String) js.executeScript("return document.getElementById('main').innerText"))
          .doesNotContain("Could not load", "403", "401");
    }
    Browsers.screenshot(browser, "token-projections");

    var methods = new TreeSet<String>();
    for (var entry : browser.manage().logs().get(LogType.PERFORMANCE)) {
      var message = JSON.readTree(entry.getMessage()).path("message");
      if (message.path("method").asText().equals("Network.requestWillBeSent")) {
        methods.add(message.path("params").path("request").path("method").asText());
      }
    }
    assertThat(methods).as("request methods the page sent").containsExactly("GET");
  }

  private String base() {
    return "http://127.0.0.1:" + port;
  }

  private String deploy() throws Exception {
    var body = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: page-app\ndata:\n  a: \"1\"\n";
    var response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(base() + "/api/apps/default/page-app/deploy"))
                    .header("Content-Type", "application/yaml")
                    .header("Authorization", "Bearer " + DEPLOYER)
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body()).get("changeId").asText();
  }
}
