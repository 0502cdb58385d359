package io.driftless.standalone.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.security.TokenHash;
import io.driftless.standalone.EmbeddedServers;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The history page as an operator's console (issue 29) in Debian's headless chromium against the
 * standalone server with tokens: simple-app v1 and v2, an outside edit put back by a reconcile,
 * then the Audit page (filters, paging, a refused filter's reason) and the Compare page (ops, field
 * and line diffs side by side and unified, a Secret's values never shown). Every page is checked
 * with axe-core (no serious or critical violation) and shot at 1400 and 390 px wide into
 * target/screenshots/.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConsolePageIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final String OPERATOR = "operator-" + UUID.randomUUID();
  private static final String VIEWER = "viewer-" + UUID.randomUUID();

  /** The Secret's two values: neither may ever be on a page, in clear or base64. */
  private static final String SECRET_V1 = "first-password-1";

  private static final String SECRET_V2 = "second-password-2";

  @DynamicPropertySource
  static void embeddedWithTokens(DynamicPropertyRegistry registry) throws Exception {
    EmbeddedServers.dataDirAndFreeSandboxPort(registry);
    registry.add("driftless.security.tokens[0].name", () -> "console-operator");
    registry.add("driftless.security.tokens[0].hash", () -> TokenHash.of(OPERATOR));
    registry.add("driftless.security.tokens[0].roles", () -> "viewer,deployer");
    registry.add("driftless.security.tokens[1].name", () -> "console-viewer");
    registry.add("driftless.security.tokens[1].hash", () -> TokenHash.of(VIEWER));
    registry.add("driftless.security.tokens[1].roles", () -> "viewer");
  }

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  private final HttpClient http = HttpClient.newHttpClient();
  private ChromeDriver browser;
  private WebDriverWait wait;

  @BeforeEach
  void startBrowser() throws Exception {
    browser = Browsers.headlessChromium();
    wait = new WebDriverWait(browser, WAIT);
    wait.ignoring(StaleElementReferenceException.class); // the page re-renders as it polls
  }

  @AfterEach
  void stopBrowser() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void anOperatorAuditsAndComparesChanges() throws Exception {
    var v1 = deploy("simple-app", Files.readString(Path.of("..", "examples", "simple-app-v1.yml")));
    var v2 =
        deploy(
            "simple-app",
            Files.readString(Path.of("..", "examples", "simple-app-v2.yml")),
            "?message=greeting%20from%20a%20ConfigMap&meta=git.commit%3D4f2a9c1");
    editImage("simple-app", "docker.io/library/nginx:outside-edit");
    var reconciled = post("/api/apps/default/simple-app/reconcile", "");
    assertThat(reconciled.statusCode()).as(reconciled.body()).isIn(200, 409);
    var s1 = deploy("vault", secret(SECRET_V1));
    var s2 = deploy("vault", secret(SECRET_V2));
    waitForHistory("simple-app", 3);
    waitForHistory("vault", 2);

    signIn(OPERATOR);
    audit(v1.get("changeId").asText(), v2.get("changeId").asText());
    compare(v1.get("changeId").asText(), v2.get("changeId").asText());
    compareSecrets(s1.get("changeId").asText(), s2.get("changeId").asText());
  }

  /** Audit: every app's changes; the form's filters; paging by the API's cursor; a refused one. */
  private void audit(String v1, String v2) throws Exception {
    browser.get(base() + "/#/audit");
    await("five changes of two apps")
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(() -> assertThat(rows("#audit")).hasSize(5));
    assertThat(rows("#audit").get(0).getText()).contains("vault");
    checkPage("audit");

    new Select(browser.findElement(By.id("audit-trigger"))).selectByValue("reconcile");
    browser.findElement(By.id("audit-apply")).click();
    wait.until(ExpectedConditions.urlContains("trigger=reconcile"));
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () ->
                assertThat(rows("#audit"))
                    .extracting(r -> r.getAttribute("data-trigger"))
                    .containsExactly("reconcile"));

    // actor and app: the deploys of simple-app by the operator, two a page
    browser.get(base() + "/#/audit");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("audit-actor")));
    browser.findElement(By.id("audit-actor")).sendKeys("console-operator");
    browser.findElement(By.id("audit-app")).sendKeys("default/simple-app");
    new Select(browser.findElement(By.id("audit-trigger"))).selectByValue("deploy");
    browser.findElement(By.id("audit-limit")).sendKeys("1");
    browser.findElement(By.id("audit-apply")).click();
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () ->
                assertThat(rows("#audit"))
                    .extracting(r -> r.getAttribute("data-change"))
                    .containsExactly(v2));
    browser.findElement(By.id("audit-older")).click();
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () ->
                assertThat(rows("#audit"))
                    .extracting(r -> r.getAttribute("data-change"))
                    .containsExactly(v1));
    assertThat(browser.findElement(By.id("audit-actor")).getAttribute("value"))
        .isEqualTo("console-operator");
    checkPage("audit-filtered");

    // a meta filter, then a time the API refuses: its reason, the form kept to fix it
    browser.get(base() + "/#/audit?meta=git.commit%3D4f2a9c1");
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () ->
                assertThat(rows("#audit"))
                    .extracting(r -> r.getAttribute("data-change"))
                    .containsExactly(v2));
    browser.get(base() + "/#/audit?since=yesterday");
    var refused = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("audit-error")));
    assertThat(refused.getText()).contains("400").contains("since");
    assertThat(browser.findElement(By.id("audit-since")).getAttribute("value"))
        .isEqualTo("yesterday");
  }

  /** Compare: picked on the App page; the ops, field diffs, line diffs in both layouts. */
  private void compare(String v1, String v2) throws Exception {
    browser.get(base() + "/#/apps/default/simple-app");
    var from = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("compare-from")));
    new Select(from).selectByValue(v1);
    new Select(browser.findElement(By.id("compare-to"))).selectByValue(v2);
    browser.findElement(By.id("compare-go")).click();
    wait.until(ExpectedConditions.urlContains("/compare/" + v1 + "/" + v2));
    var objects = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("compare-table")));
    assertThat(objects.findElements(By.cssSelector("tbody tr[data-op]")))
        .extracting(r -> r.getAttribute("data-kind") + " " + r.getAttribute("data-op"))
        .contains("ConfigMap create", "Deployment update");
    assertThat(browser.findElement(By.id("compare-ops")).getText()).contains("1");
    assertThat(
            browser.findElements(By.cssSelector("tr[data-path]")).stream()
                .map(r -> r.getAttribute("data-path"))
                .toList())
        .contains("data.hello_msg");
    var split = browser.findElement(By.cssSelector("table.linediff"));
    assertThat(split.getAttribute("data-view")).isEqualTo("split");
    assertThat(split.findElements(By.cssSelector("td.code.added"))).isNotEmpty();
    checkPage("compare");

    browser.findElement(By.id("view-unified")).click();
    var unified =
        wait.until(
            ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("table.linediff[data-view='unified']")));
    assertThat(unified.findElements(By.cssSelector("tr.added"))).isNotEmpty();
    assertThat(unified.getText()).contains("hello_msg");
    checkPage("compare-unified");
  }

  /** A Secret's two versions compared: masked values only, never one the API did not send. */
  private void compareSecrets(String s1, String s2) throws Exception {
    browser.get(base() + "/#/apps/default/vault/compare/" + s1 + "/" + s2);
    var objects = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("compare-table")));
    assertThat(objects.getText()).contains("Secret");
    var page = browser.findElement(By.id("main")).getText();
    assertThat(page).contains("value not shown");
    for (var value : new String[] {SECRET_V1, SECRET_V2}) {
      assertThat(browser.getPageSource())
          .doesNotContain(value)
          .doesNotContain(Base64.getEncoder().encodeToString(value.getBytes()));
    }
    checkPage("compare-secret");
  }

  // --- the page

  private java.util.List<WebElement> rows(String table) {
    return browser.findElements(By.cssSelector(table + " tbody tr[data-change]"));
  }

  /** The token in the tab's sessionStorage, as the page's token form keeps it. */
  private void signIn(String token) {
    browser.get(base() + "/#/projections");
    ((JavascriptExecutor) browser)
        .executeScript("sessionStorage.setItem('driftless.token', arguments[0]);", token);
  }

  /** axe-core finds no serious or critical violation; screenshots at 1400 and 390 px wide. */
  private void checkPage(String name) throws Exception {
    browser.manage().window().setSize(new Dimension(1400, 1000));
    assertThat(Axe.seriousOrCritical(Axe.violations(browser))).as(name).isEmpty();
    Browsers.screenshot(browser, name + "-1400");
    browser.manage().window().setSize(new Dimension(390, 900));
    assertThat(Axe.seriousOrCritical(Axe.violations(browser))).as(name + " at 390 px").isEmpty();
    Browsers.screenshot(browser, name + "-390");
    browser.manage().window().setSize(new Dimension(1280, 900));
  }

  // --- the Driftless API, as the operator

  private String base() {
    return "http://127.0.0.1:" + port;
  }

  private static String secret(String value) {
    return """
        apiVersion: v1
        kind: Secret
        metadata:
          name: creds
          namespace: default
        stringData:
          password: %s
        """
        .formatted(value);
  }

  private JsonNode deploy(String app, String body) throws Exception {
    return deploy(app, body, "");
  }

  private JsonNode deploy(String app, String body, String query) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(base() + "/api/apps/default/" + app + "/deploy" + query))
                .header("Authorization", "Bearer " + OPERATOR)
                .header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private HttpResponse<String> post(String path, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(base() + path))
            .header("Authorization", "Bearer " + OPERATOR)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private JsonNode get(String path) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + path))
                .header("Authorization", "Bearer " + OPERATOR)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private void waitForHistory(String app, int changes) {
    await("the history of " + app)
        .atMost(WAIT)
        .ignoreExceptions()
        .until(() -> get("/api/apps/default/" + app + "/changes").size() >= changes);
  }

  /** What {@code kubectl edit} does: read, change the image, PUT with the read resourceVersion. */
  private void editImage(String name, String image) {
    var url = sandbox.url() + "/apis/apps/v1/namespaces/default/deployments/" + name;
    await()
        .atMost(WAIT)
        .until(
            () -> {
              var read =
                  EmbeddedServers.sandboxClient(sandbox)
                      .send(
                          EmbeddedServers.sandboxRequest(sandbox, url).build(),
                          HttpResponse.BodyHandlers.ofString());
              var object = (ObjectNode) JSON.readTree(read.body());
              ((ObjectNode) object.at("/spec/template/spec/containers/0")).put("image", image);
              var response =
                  EmbeddedServers.sandboxClient(sandbox)
                      .send(
                          EmbeddedServers.sandboxRequest(sandbox, url)
                              .header("Content-Type", "application/json")
                              .PUT(HttpRequest.BodyPublishers.ofString(object.toString()))
                              .build(),
                          HttpResponse.BodyHandlers.ofString());
              return response.statusCode() == 200;
            });
  }
}
