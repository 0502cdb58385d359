package io.driftless.standalone.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.driftless.security.TokenHash;
import io.driftless.standalone.EmbeddedServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.springframework.boot.test.context.SpringBootTest;
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
class ConsolePageIT extends ConsolePageSteps {

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
    // only the reconciles this test asks for (from the page): the outside edit stays until then
    registry.add("driftless.reconcile.enabled", () -> "false");
  }

  @Test
  void anOperatorAuditsComparesAndActsFromThePage() throws Exception {
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
    liveBesideDesiredThenReconcileFromThePage();
    rollbackFromThePage(v1.get("changeId").asText());
    lockFromThePageByKeyboard();
    refusedUpdateShowsItsReason();
  }

  /** Issue 29 point 5: a viewer token sees every page but no action. */
  @Test
  void aViewerSeesNoActionButtons() throws Exception {
    var v1 = deploy("viewed", configMap("viewed", "one"));
    deploy("viewed", configMap("viewed", "two"));
    waitForHistory("viewed", 2);
    assertThat(get("/api/console").get("commandUrl").asText())
        .as("commands go to the page's own origin by default")
        .isEmpty();
    signIn(VIEWER);
    checkPage("projections");
    browser.get(base() + "/#/apps");
    wait.until(
        ExpectedConditions.visibilityOfElementLocated(
            By.cssSelector("#apps tr[data-app='default/viewed']")));
    checkPage("apps");
    browser.get(base() + "/#/apps/default/viewed");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("changes")));
    assertThat(browser.findElements(By.cssSelector("#actions, #reconcile, #lock, #unlock")))
        .isEmpty();
    browser.get(base() + "/#/apps/default/viewed/changes/" + v1.get("changeId").asText());
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("change-table")));
    assertThat(browser.findElements(By.cssSelector("#actions, #rollback"))).isEmpty();
    // the same pages with the operator's token have them: the check above is not vacuous
    signIn(OPERATOR);
    browser.get(base() + "/#/apps/default/viewed/changes/" + v1.get("changeId").asText());
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("rollback")));
  }

  /**
   * Issue 29 point 3: an outside edit shows as a differing field between the recorded object and
   * the live one, with the field managers; point 5: Reconcile now puts it back, its plan, then its
   * progress from the stream, then the reconcile's history row.
   */
  private void liveBesideDesiredThenReconcileFromThePage() throws Exception {
    editImage("simple-app", "docker.io/library/nginx:live-edit");
    browser.get(base() + "/#/apps/default/simple-app/resources/Deployment/simple-app");
    var image = "spec.template.spec.containers[0].image";
    var row = By.cssSelector("#live-table tr[data-path='" + image + "']");
    eventually(
        () -> {
          assertThat(browser.findElement(row).getAttribute("data-compare")).isEqualTo("differs");
          assertThat(browser.findElement(row).getText()).contains("nginx:live-edit");
          assertThat(browser.findElement(By.id("live-summary")).getText())
              .contains("1 field differ");
          assertThat(browser.findElements(By.cssSelector("#managers tr[data-manager]")))
              .extracting(r -> r.getAttribute("data-manager"))
              .isNotEmpty();
        });
    checkPage("live-beside-desired");

    browser.get(base() + "/#/apps/default/simple-app");
    wait.until(
        ExpectedConditions.numberOfElementsToBeMoreThan(
            By.cssSelector("#changes tbody tr[data-change]"), 2));
    var before = rows("#changes").size();
    click(By.id("reconcile"));
    var confirm = wait.until(ExpectedConditions.elementToBeClickable(By.id("action-confirm")));
    // the plan is the reconcile's dry run: the edited Deployment to update, nothing written yet
    assertThat(browser.findElements(By.cssSelector("#action-plan tr[data-op='update']")))
        .extracting(WebElement::getText)
        .anyMatch(r -> r.contains("simple-app") && r.contains("Deployment"));
    assertThat(rows("#changes")).hasSize(before);
    checkPage("reconcile-plan");
    confirm.click();
    await("the reconcile's progress and result")
        .atMost(WAIT)
        .untilAsserted(
            () -> {
              assertThat(browser.findElements(By.cssSelector("#action-progress li")))
                  .extracting(WebElement::getText)
                  .anyMatch(l -> l.startsWith("update deployment/simple-app"))
                  .anyMatch(l -> l.startsWith("result: succeeded"));
              assertThat(browser.findElement(By.id("action-status")).getAttribute("data-result"))
                  .isEqualTo("succeeded");
            });
    await("the reconcile's history row")
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () -> {
              assertThat(rows("#changes"))
                  .as(
                      "rendered at %s ms (now %s), position %s / %s, visibility %s",
                      browser.findElement(By.id("main")).getAttribute("data-rendered-ms"),
                      ((JavascriptExecutor) browser).executeScript("return performance.now()"),
                      browser.findElement(By.id("main")).getAttribute("data-position"),
                      get("/api/apps/default/simple-app/changes").size(),
                      ((JavascriptExecutor) browser)
                          .executeScript(
                              "return document.visibilityState + ' polled '"
                                  + " + document.getElementById('main').dataset.polled"
                                  + " + ' renders ' + document.getElementById('main').dataset.renders"))
                  .hasSize(before + 1);
              assertThat(rows("#changes").get(0).getAttribute("data-trigger"))
                  .isEqualTo("reconcile");
            });
    // the resource tree (point 4): the Deployment put back by the reconcile, marked so
    await("the tree marks the Deployment put back")
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () -> {
              var deployment =
                  browser.findElement(
                      By.cssSelector(
                          "#resource-tree li[data-object='Deployment/default/simple-app']"));
              assertThat(deployment.getAttribute("data-state")).contains("put back");
              assertThat(deployment.getText()).contains("waited to reconcile");
            });
    assertThat(browser.findElement(By.id("resource-tree")).getText())
        .contains("ConfigMap (1)")
        .contains("Deployment (1)");
    checkPage("app-tree");
    browser.get(base() + "/#/apps/default/simple-app/resources/Deployment/simple-app");
    eventually(
        () -> assertThat(browser.findElement(row).getAttribute("data-compare")).isEqualTo("same"));
  }

  /** Roll back to v1 from its Change page: the dry run's plan, confirm, progress, the new row. */
  private void rollbackFromThePage(String v1) throws Exception {
    browser.get(base() + "/#/apps/default/simple-app/changes/" + v1);
    click(By.id("rollback"));
    var confirm = wait.until(ExpectedConditions.elementToBeClickable(By.id("action-confirm")));
    assertThat(browser.findElements(By.cssSelector("#action-plan tbody tr[data-op]")))
        .extracting(r -> r.getText())
        .anyMatch(t -> t.contains("ConfigMap") && t.contains("delete"));
    assertThat(get("/api/apps/default/simple-app/changes").get(0).get("trigger").asText())
        .as("the plan was a dry run: nothing recorded")
        .isNotEqualTo("rollback");
    checkPage("rollback-plan");
    confirm.click();
    await("the rollback's progress and result")
        .atMost(WAIT)
        .untilAsserted(
            () -> {
              assertThat(browser.findElements(By.cssSelector("#action-progress li")))
                  .extracting(WebElement::getText)
                  .anyMatch(l -> l.startsWith("delete configmap/simple-app"))
                  .anyMatch(l -> l.startsWith("result: succeeded"));
              assertThat(browser.findElement(By.id("action-status")).getAttribute("data-result"))
                  .isEqualTo("succeeded");
            });
    checkPage("rollback-done");
    browser.get(base() + "/#/apps/default/simple-app");
    await("the rollback's history row")
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () -> {
              var newest = rows("#changes").get(0);
              assertThat(newest.getAttribute("data-trigger")).isEqualTo("rollback");
              assertThat(newest.getText()).contains(v1);
            });
  }

  /** Lock with the keyboard only: Tab to Lock, Enter, the reason, Tab to confirm, Enter. */
  private void lockFromThePageByKeyboard() throws Exception {
    browser.get(base() + "/#/apps/default/simple-app");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("lock")));
    var focused = false;
    for (int i = 0; i < 80 && !focused; i++) {
      new Actions(browser).sendKeys(Keys.TAB).perform();
      focused = "lock".equals(browser.switchTo().activeElement().getAttribute("id"));
    }
    assertThat(focused).as("Lock is reached with Tab").isTrue();
    new Actions(browser).sendKeys(Keys.ENTER).perform();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("lock-reason")));
    await()
        .atMost(WAIT)
        .until(
            () -> "action-confirm".equals(browser.switchTo().activeElement().getAttribute("id")));
    new Actions(browser).keyDown(Keys.SHIFT).sendKeys(Keys.TAB).keyUp(Keys.SHIFT).perform();
    assertThat(browser.switchTo().activeElement().getAttribute("id")).isEqualTo("lock-reason");
    new Actions(browser).sendKeys("release freeze").sendKeys(Keys.TAB).perform();
    assertThat(browser.switchTo().activeElement().getAttribute("id")).isEqualTo("action-confirm");
    new Actions(browser).sendKeys(Keys.ENTER).perform();
    await("the lock")
        .atMost(WAIT)
        .untilAsserted(
            () ->
                assertThat(browser.findElement(By.id("action-status")).getAttribute("data-result"))
                    .isEqualTo("succeeded"));
    await("the app page says locked")
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () ->
                assertThat(browser.findElement(By.id("app-status")).getText())
                    .contains("locked by console-operator")
                    .contains("release freeze"));
    checkPage("app-locked");

    // and unlocked again, by the same operator (the locker)
    click(By.id("action-close"));
    click(By.id("unlock"));
    var unlock = wait.until(ExpectedConditions.elementToBeClickable(By.id("action-confirm")));
    assertThat(browser.findElement(By.id("action-description")).getText())
        .contains("console-operator")
        .contains("release freeze");
    unlock.click();
    eventually(
        () ->
            assertThat(browser.findElement(By.id("action-status")).getAttribute("data-result"))
                .isEqualTo("succeeded"));
    eventually(
        () -> {
          assertThat(browser.findElement(By.id("app-status")).getText()).doesNotContain("locked");
          assertThat(browser.findElement(By.id("lock")).isDisplayed()).isTrue();
        });
  }

  /** A refused update (an immutable selector): the cluster's reason on its Change page. */
  private void refusedUpdateShowsItsReason() throws Exception {
    deploy("selector", selectorDeployment("selector-a"));
    var refused = send("selector", selectorDeployment("selector-b"));
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(502);
    var changeId = JSON.readTree(refused.body()).get("changeId").asText();
    waitForHistory("selector", 2);
    browser.get(base() + "/#/apps/default/selector/changes/" + changeId);
    eventually(
        () ->
            assertThat(browser.findElement(By.id("change-error")).getText())
                .contains("field is immutable"));
    checkPage("change-refused");
    browser.get(base() + "/#/apps/default/selector");
    var failed = By.cssSelector("#resource-tree li[data-object='Deployment/default/selector']");
    eventually(
        () -> {
          assertThat(browser.findElement(failed).getAttribute("data-state")).contains("failed");
          assertThat(browser.findElement(failed).getText()).contains("field is immutable");
        });
  }

  /** Audit: every app's changes; the form's filters; paging by the API's cursor; a refused one. */
  private void audit(String v1, String v2) throws Exception {
    browser.get(base() + "/#/audit");
    await("five changes of two apps")
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () ->
                assertThat(rows("#audit"))
                    .extracting(r -> r.getAttribute("data-app"))
                    .filteredOn(
                        app -> app.equals("default/simple-app") || app.equals("default/vault"))
                    .containsExactly(
                        "default/vault",
                        "default/vault",
                        "default/simple-app",
                        "default/simple-app",
                        "default/simple-app"));
    checkPage("audit");

    new Select(browser.findElement(By.id("audit-trigger"))).selectByValue("reconcile");
    click(By.id("audit-apply"));
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
    click(By.id("audit-apply"));
    await()
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () ->
                assertThat(rows("#audit"))
                    .extracting(r -> r.getAttribute("data-change"))
                    .containsExactly(v2));
    click(By.id("audit-older"));
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
    click(By.id("compare-go"));
    wait.until(ExpectedConditions.urlContains("/compare/" + v1 + "/" + v2));
    await("the objects that differ")
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () ->
                assertThat(browser.findElements(By.cssSelector("#compare-table tbody tr[data-op]")))
                    .extracting(r -> r.getAttribute("data-kind") + " " + r.getAttribute("data-op"))
                    .contains("ConfigMap create", "Deployment update"));
    eventually(
        () -> {
          assertThat(browser.findElement(By.id("compare-ops")).getText()).contains("1");
          assertThat(
                  browser.findElements(By.cssSelector("tr[data-path]")).stream()
                      .map(r -> r.getAttribute("data-path"))
                      .toList())
              .contains("data.hello_msg");
          var split = browser.findElement(By.cssSelector("table.linediff"));
          assertThat(split.getAttribute("data-view")).isEqualTo("split");
          assertThat(split.findElements(By.cssSelector("td.code.added"))).isNotEmpty();
        });
    checkPage("compare");

    click(By.id("view-unified"));
    var unified = By.cssSelector("table.linediff[data-view='unified']");
    eventually(
        () -> {
          assertThat(browser.findElement(unified).findElements(By.cssSelector("tr.added")))
              .isNotEmpty();
          assertThat(browser.findElement(unified).getText()).contains("hello_msg");
        });
    checkPage("compare-unified");
  }

  /** A Secret's two versions compared: masked values only, never one the API did not send. */
  private void compareSecrets(String s1, String s2) throws Exception {
    browser.get(base() + "/#/apps/default/vault/compare/" + s1 + "/" + s2);
    await("the Secret's masked values")
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () -> {
              assertThat(browser.findElement(By.id("compare-table")).getText()).contains("Secret");
              assertThat(browser.findElement(By.id("main")).getText()).contains("value not shown");
            });
    for (var value : new String[] {SECRET_V1, SECRET_V2}) {
      assertThat(browser.getPageSource())
          .doesNotContain(value)
          .doesNotContain(Base64.getEncoder().encodeToString(value.getBytes()));
    }
    checkPage("compare-secret");
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
}
