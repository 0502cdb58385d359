package io.driftless.standalone.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.standalone.EmbeddedServers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * An app with 1,000 changes (made through the deploy API, the history view keeping all of them) on
 * the history page: the App page shows the newest 50 with an "Older changes" link to a stable URL
 * of the next 50, and renders in under a second, measured in the browser from the navigation's
 * start to the end of the page's render (its {@code data-rendered-ms}), five times; the figures are
 * printed. Screenshot: target/screenshots/app-1000-changes.png.
 */
@SpringBootTest(
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {"driftless.history.keep=1000", "driftless.reconcile.enabled=false"})
class HistoryPagePagingIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int CHANGES = 1000;
  private static final Duration WAIT = Duration.ofSeconds(30);

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    EmbeddedServers.dataDirAndFreeSandboxPort(registry);
  }

  @LocalServerPort int port;

  private final HttpClient http = HttpClient.newHttpClient();
  private ChromeDriver browser;

  @AfterEach
  void stopBrowser() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void anAppWithAThousandChangesRendersPagedInUnderASecond() throws Exception {
    var started = System.nanoTime();
    String newest = null;
    for (int i = 1; i <= CHANGES; i++) {
      newest = deploy("busy", i);
    }
    System.out.printf(
        "history page: %d deploys in %d ms%n",
        CHANGES, Duration.ofNanos(System.nanoTime() - started).toMillis());
    var last = newest;
    await("the history view has every change")
        .atMost(Duration.ofMinutes(2))
        .until(() -> changes("?limit=1").contains(last));
    assertThat(JSON.readTree(get("/api/apps/default/busy/changes?limit=1000"))).hasSize(CHANGES);

    browser = Browsers.headlessChromium();
    // The page re-renders while it polls the view position: an element found a moment ago can be
    // replaced before its attribute is read, so the waits look again instead of failing.
    var wait = new WebDriverWait(browser, WAIT);
    wait.ignoring(StaleElementReferenceException.class);
    var renders = new ArrayList<Long>();
    for (int run = 0; run < 5; run++) {
      browser.get("about:blank");
      browser.get(base() + "/#/apps/default/busy");
      wait.until(
          ExpectedConditions.numberOfElementsToBe(By.cssSelector("#changes tr[data-change]"), 50));
      assertThat(
              wait.until(
                  ExpectedConditions.attributeToBe(
                      By.cssSelector("#changes tr[data-change]"), "data-change", newest)))
          .isTrue();
      renders.add(
          Long.parseLong(
              wait.until(d -> d.findElement(By.id("main")).getAttribute("data-rendered-ms"))));
    }
    var sorted = renders.stream().sorted().toList();
    System.out.printf(
        "history page: App page of an app with %d changes rendered in %s ms (median %d ms)%n",
        CHANGES, renders, sorted.get(sorted.size() / 2));
    assertThat(sorted.get(sorted.size() / 2)).as("median render time, ms").isLessThan(1000);
    Browsers.screenshot(browser, "app-1000-changes");

    // Older changes: a stable URL with the page's last change as `before`
    browser.findElement(By.id("older")).click();
    wait.until(ExpectedConditions.urlContains("?before=busy-change-000951"));
    var older =
        wait.until(
            ExpectedConditions.attributeToBe(
                By.cssSelector("#changes tr[data-change]"), "data-change", "busy-change-000950"));
    assertThat(older).isTrue();
    assertThat(browser.findElements(By.cssSelector("#changes tr[data-change]"))).hasSize(50);
    var url = browser.getCurrentUrl();
    browser.get("about:blank");
    browser.get(url);
    wait.until(
        ExpectedConditions.attributeToBe(
            By.cssSelector("#changes tr[data-change]"), "data-change", "busy-change-000950"));
    assertThat(browser.findElement(By.id("newest")).getAttribute("href"))
        .endsWith("#/apps/default/busy");
    Browsers.screenshot(browser, "app-1000-changes-older");
  }

  /**
   * A render gathers its answers together: when one of them is older than the rest (its view read
   * before the newest batch committed), the page stays at the oldest answer's position, so the next
   * poll sees the views moved and renders the newer rows. The page is made to get such an answer
   * for certain: its next changes call is answered with one recorded before the second deploy.
   */
  @Test
  void anAnswerOlderThanTheOthersIsRenderedAgain() throws Exception {
    var first = deploy("late", 1);
    await().atMost(WAIT).until(() -> get("/api/apps/default/late/changes").contains(first));
    var stale =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/api/apps/default/late/changes?limit=50"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    var stalePosition = stale.headers().firstValue("Driftless-View-Position").orElseThrow();

    browser = Browsers.headlessChromium();
    var wait = new WebDriverWait(browser, WAIT);
    wait.ignoring(StaleElementReferenceException.class);
    browser.get(base() + "/#/apps/default/late");
    wait.until(
        ExpectedConditions.numberOfElementsToBe(By.cssSelector("#changes tr[data-change]"), 1));
    // the next changes call gets the recorded (older) answer; every other call the server's
    browser.executeScript(
        """
        const [body, position] = arguments;
        const real = window.fetch;
        window.staleServed = false;
        window.fetch = async (url, options) => {
          if (!window.staleServed && String(url).includes("/late/changes?")) {
            window.staleServed = true;
            return new Response(body, {
              status: 200,
              headers: { "Content-Type": "application/json", "Driftless-View-Position": position },
            });
          }
          return real(url, options);
        };
        """,
        stale.body(),
        stalePosition);
    var second = deploy("late", 2);
    await().atMost(WAIT).until(() -> get("/api/apps/default/late/changes").contains(second));

    assertThat(
            wait.until(
                ExpectedConditions.attributeToBe(
                    By.cssSelector("#changes tr[data-change]"), "data-change", second)))
        .isTrue();
    // the older answer was served (to a render the second deploy's events started)
    assertThat(browser.executeScript("return window.staleServed")).isEqualTo(true);
  }

  private String base() {
    return "http://127.0.0.1:" + port;
  }

  private String deploy(String app, int round) throws Exception {
    var body =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
            + app
            + "\ndata:\n  round: \""
            + round
            + "\"\n";
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/api/apps/default/" + app + "/deploy"))
                .header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body()).get("changeId").asText();
  }

  private String changes(String query) throws Exception {
    return get("/api/apps/default/busy/changes" + query);
  }

  private String get(String path) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return response.body();
  }
}
