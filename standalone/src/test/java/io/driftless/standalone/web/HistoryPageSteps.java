package io.driftless.standalone.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.standalone.EmbeddedServers;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebElement;

/**
 * The steps and reusable checks {@link HistoryPageIT} builds on: the words a person reads
 * (durations, ages, no JavaScript or JSON hole on a page), a table that scrolls inside itself, a
 * row's status and the field paths shown, screenshots; the Driftless API (deploy, get, post,
 * reconcile, wait for a change) and, as {@code kubectl} reaches the sandbox, an image edit and
 * another team's HPA.
 */
abstract class HistoryPageSteps extends PageTestBase {

  /** Issue 29 point 7: a duration as a person reads it ("1.2 s", "3 min 12 s", "2 h 5 min"). */
  static final Pattern DURATION =
      Pattern.compile("\\d+(\\.\\d)? s|\\d+ min \\d+ s|\\d+ h \\d+ min|\\d+ d \\d+ h");

  /** An age: "12 s ago", "5 min ago". */
  static final Pattern AGE = Pattern.compile("\\d+ (s|min|h|d) ago");

  /** What a page must never show: a JavaScript or JSON hole, or a raw ISO-8601 duration. */
  static final Pattern UNREADABLE =
      Pattern.compile("\\b(null|undefined|NaN)\\b|\\bP(\\d+D)?T-?\\d");

  /** A Deployment of 2 replicas, for another team's HPA to fight over. */
  static final String SCALED_DEPLOYMENT =
      """
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: scaled
        namespace: default
      spec:
        replicas: 2
        selector:
          matchLabels:
            app: scaled
        template:
          metadata:
            labels:
              app: scaled
          spec:
            containers:
            - name: web
              image: nginx:1.27
      """;

  static String status(WebElement row) {
    return row.findElement(By.cssSelector("td.status-cell"))
        .getText()
        .replaceAll("[\u2713\u2717\u25B3] ?", "");
  }

  /** The page's text holds no {@code null}, {@code undefined}, {@code NaN} or ISO duration. */
  void readsLikeAPerson(String page) {
    var text = browser.findElement(By.id("main")).getText();
    var hole = UNREADABLE.matcher(text);
    assertThat(hole.find())
        .as(
            "%s page shows %s",
            page, hole.find(0) ? text.substring(Math.max(0, hole.start() - 80), hole.end()) : "")
        .isFalse();
  }

  /** The table scrolls inside its wrapper; the page itself is no wider than the window. */
  void scrollsInsideNotThePage(String tableId) {
    var js = (JavascriptExecutor) browser;
    await()
        .atMost(WAIT)
        .untilAsserted(
            () -> {
              assertThat(
                      js.executeScript(
                          "const d = document.documentElement;"
                              + " return d.scrollWidth <= d.clientWidth;"))
                  .as("the page does not scroll sideways")
                  .isEqualTo(true);
              assertThat(
                      js.executeScript(
                          "const w = document.getElementById(arguments[0]).parentElement;"
                              + " return getComputedStyle(w).overflowX === 'auto'"
                              + " && w.scrollWidth > w.clientWidth;",
                          tableId))
                  .as("the table %s scrolls inside its wrapper", tableId)
                  .isEqualTo(true);
            });
  }

  List<String> fieldPaths() {
    return browser.findElements(By.cssSelector("tr[data-path]")).stream()
        .map(row -> row.getAttribute("data-path"))
        .toList();
  }

  void screenshot(String name) throws Exception {
    Browsers.screenshot(browser, name);
  }

  // --- the Driftless API

  JsonNode deploy(String file) throws Exception {
    return deployTo("simple-app", Files.readString(Path.of("..", "examples", file)));
  }

  JsonNode deployTo(String app, String body) throws Exception {
    return deployTo(app, body, "");
  }

  JsonNode deployTo(String app, String body, String query) throws Exception {
    var response = send(app, body, query);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  HttpResponse<String> send(String app, String body) throws Exception {
    return send(app, body, "");
  }

  HttpResponse<String> send(String app, String body, String query) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(base() + "/api/apps/default/" + app + "/deploy" + query))
            .header("Content-Type", "application/yaml")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  JsonNode get(String path) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  void post(String path, int status) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + path))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
  }

  /** An HPA that is not the app's (another team's, applied with kubectl). */
  void foreignHpa(String name, String target, int minReplicas) throws Exception {
    assertThat(EmbeddedServers.foreignHpa(sandbox, name, target, minReplicas)).isEqualTo(201);
  }

  void reconcile() throws Exception {
    reconcile("simple-app");
  }

  void reconcile(String app) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/api/apps/default/" + app + "/reconcile"))
                .POST(HttpRequest.BodyPublishers.noBody())
                .build(),
            HttpResponse.BodyHandlers.ofString());
    // 409: the server's own periodic reconcile may run at that moment; it records the same change
    assertThat(response.statusCode()).as(response.body()).isIn(200, 409);
  }

  JsonNode waitForChange(String changeId) {
    var change = new JsonNode[1];
    await()
        .atMost(WAIT)
        .untilAsserted(
            () -> {
              var response =
                  http.send(
                      HttpRequest.newBuilder(
                              URI.create(
                                  base() + "/api/apps/default/simple-app/changes/" + changeId))
                          .build(),
                      HttpResponse.BodyHandlers.ofString());
              assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
              change[0] = JSON.readTree(response.body());
            });
    return change[0];
  }

  // --- the sandbox's API server, as kubectl reaches it

}
