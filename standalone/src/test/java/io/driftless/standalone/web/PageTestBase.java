package io.driftless.standalone.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.standalone.EmbeddedServers;
import java.net.http.HttpClient;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.openqa.selenium.By;
import org.openqa.selenium.SearchContext;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * What the page tests that drive the history page against a standalone server share: the server's
 * port and sandbox, an HTTP client for the API, and a fresh headless Chromium per test ({@link
 * Browsers}) with a wait that rides out the page's re-renders as it polls; the server's base URL, a
 * JSON reader, and a Deployment whose selector a second deploy changes (which the cluster refuses).
 */
abstract class PageTestBase {

  static final Duration WAIT = Duration.ofSeconds(30);
  static final ObjectMapper JSON = new ObjectMapper();

  @LocalServerPort int port;
  @Autowired SandboxCluster sandbox;

  final HttpClient http = HttpClient.newHttpClient();
  ChromeDriver browser;
  WebDriverWait wait;

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

  /**
   * Finds the element at the end of {@code path} (each locator inside the element the one before
   * found) and clicks it once it is displayed and enabled, again from the top when the page
   * re-rendered in between and the element found went stale: the page replaces its rows as it
   * polls, so a click on what was found a moment ago can miss (a stale element is never clicked, so
   * the click happens once).
   */
  void click(By... path) {
    wait.until(
        d -> {
          SearchContext at = d;
          for (var locator : path) {
            at = at.findElement(locator);
          }
          var element = (WebElement) at;
          if (!element.isDisplayed() || !element.isEnabled()) {
            return false; // not clickable yet, as ExpectedConditions.elementToBeClickable
          }
          element.click();
          return true;
        });
  }

  /** {@code kubectl edit} of the Deployment {@code name}'s image ({@link EmbeddedServers}). */
  void editImage(String name, String image) {
    EmbeddedServers.editImage(sandbox, name, image, WAIT);
  }

  String base() {
    return "http://127.0.0.1:" + port;
  }

  /** A Deployment whose selector and pod labels are {@code label}. */
  static String selectorDeployment(String label) {
    return """
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: selector
          namespace: default
        spec:
          replicas: 1
          selector:
            matchLabels:
              app: %s
          template:
            metadata:
              labels:
                app: %s
            spec:
              containers:
              - name: web
                image: nginx:1.27
        """
        .formatted(label, label);
  }
}
