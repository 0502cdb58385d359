package io.driftless.standalone.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;

/**
 * The steps {@link ConsolePageIT} takes besides its checks: the two tokens it signs in with, the
 * page's sign-in, row lookup and retried assertions, and the Driftless API as the operator (deploy,
 * post, get, wait for an app's history) with the manifests it deploys, and {@code kubectl edit} of
 * a Deployment's image in the sandbox.
 */
abstract class ConsolePageSteps extends PageTestBase {

  static final String OPERATOR = "operator-" + UUID.randomUUID();
  static final String VIEWER = "viewer-" + UUID.randomUUID();

  /** The page redraws as the views move: an assertion is retried on a fresh lookup. */
  void eventually(org.awaitility.core.ThrowingRunnable assertion) {
    await().atMost(WAIT).ignoreExceptions().untilAsserted(assertion);
  }

  List<WebElement> rows(String table) {
    return browser.findElements(By.cssSelector(table + " tbody tr[data-change]"));
  }

  /** The token in the tab's sessionStorage, as the page's token form keeps it. */
  void signIn(String token) {
    browser.get(base() + "/#/projections");
    ((JavascriptExecutor) browser)
        .executeScript("sessionStorage.setItem('driftless.token', arguments[0]);", token);
    // a fresh load: the first one showed the token form (its 401), which stops the polling
    browser.navigate().refresh();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("projections")));
  }

  // --- the Driftless API, as the operator

  static String configMap(String name, String value) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: %s\n  namespace: default\ndata:\n  level: %s\n"
        .formatted(name, value);
  }

  HttpResponse<String> send(String app, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(base() + "/api/apps/default/" + app + "/deploy"))
            .header("Authorization", "Bearer " + OPERATOR)
            .header("Content-Type", "application/yaml")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  static String secret(String value) {
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

  JsonNode deploy(String app, String body) throws Exception {
    return deploy(app, body, "");
  }

  JsonNode deploy(String app, String body, String query) throws Exception {
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

  HttpResponse<String> post(String path, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(base() + path))
            .header("Authorization", "Bearer " + OPERATOR)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  JsonNode get(String path) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + path))
                .header("Authorization", "Bearer " + OPERATOR)
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  void waitForHistory(String app, int changes) {
    await("the history of " + app)
        .atMost(WAIT)
        .ignoreExceptions()
        .until(() -> get("/api/apps/default/" + app + "/changes").size() >= changes);
  }
}
