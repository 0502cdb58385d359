package io.driftless.standalone.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.driftless.standalone.EmbeddedServers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The history page (query-side README, "History page") in Debian's headless chromium against the
 * standalone server: the README's simple-app v1 and v2, then the Apps, App and Change pages, and a
 * reconcile after an outside edit showing on the open App page without a reload. Screenshots of
 * each page go to target/screenshots/.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class HistoryPageIT extends HistoryPageSteps {

  /** The v2 deploy's provenance (docs/API.md, "Provenance"). */
  private static final String COMMIT = "4f2a9c1e0b7d6a5f4e3d2c1b0a9f8e7d6c5b4a39";

  private static final String MESSAGE = "Roll out the greeting from a ConfigMap";

  @DynamicPropertySource
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    EmbeddedServers.dataDirAndFreeSandboxPort(registry);
  }

  @Test
  void appsAppAndChangePagesFollowTheHistory() throws Exception {
    var v1 = deploy("simple-app-v1.yml");
    var v2 =
        deployTo(
            "simple-app",
            Files.readString(Path.of("..", "examples", "simple-app-v2.yml")),
            "?message="
                + MESSAGE.replace(" ", "%20")
                + "&meta=git.commit%3D"
                + COMMIT
                + "&meta=git.repo%3Dhttps%3A%2F%2Fgithub.com%2Fexample%2Fsimple-app.git");
    var newest = v2.get("changeId").asText();
    var v2Change = waitForChange(newest);

    // Apps: kapp ls as a table
    browser.get(base() + "/");
    var appRow =
        wait.until(
            ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("#apps tr[data-app='default/simple-app']")));
    assertThat(appRow.getText()).contains("simple-app").contains("succeeded");
    // the out-of-sync count says what it counts (issue 29): objects out of sync now, here none
    assertThat(appRow.findElements(By.cssSelector("td.num")).get(0).getText()).isEqualTo("0");
    assertThat(browser.findElement(By.id("out-of-sync-meaning")).getText())
        .contains("differs from the desired one now")
        .contains("put back are in sync and not counted");
    readsLikeAPerson("apps");
    screenshot("apps");

    // every file the page loaded came from this server (nothing from the internet)
    assertThat(
            ((JavascriptExecutor) browser)
                .executeScript(
                    "return performance.getEntriesByType('resource')"
                        + ".every(e => e.name.startsWith(arguments[0]))",
                    base()))
        .isEqualTo(true);

    // the name filter hides what does not match
    var filter = browser.findElement(By.id("filter"));
    filter.sendKeys("nothing-like-this");
    wait.until(ExpectedConditions.invisibilityOf(appRow));
    filter.clear();
    filter.sendKeys("simple");
    wait.until(ExpectedConditions.visibilityOf(appRow));

    // App: two changes, newest first, reached with the keyboard (j to the row's link, Enter)
    click(By.tagName("h1"));
    new Actions(browser).sendKeys("j").perform();
    assertThat(browser.switchTo().activeElement().getText()).isEqualTo("simple-app");
    browser.switchTo().activeElement().sendKeys(Keys.ENTER);
    wait.until(ExpectedConditions.urlContains("#/apps/default/simple-app"));
    var changes =
        wait.until(
            ExpectedConditions.numberOfElementsToBe(By.cssSelector("#changes tr[data-change]"), 2));
    assertThat(changes.get(0).getAttribute("data-change")).isEqualTo(newest);
    assertThat(changes.get(1).getAttribute("data-change")).isEqualTo(v1.get("changeId").asText());
    assertThat(changes.get(0).getText()).contains("Op: 2 create, 1 delete, 1 update");
    // who and why (issue 29 point 2): actor, trigger, message and the commit, linked
    var row = changes.get(0);
    assertThat(row.findElement(By.cssSelector("td.who")).getText()).isEqualTo("anonymous");
    assertThat(row.getText()).contains("deploy");
    assertThat(row.findElement(By.cssSelector("td.message")).getText()).isEqualTo(MESSAGE);
    var commit = row.findElement(By.cssSelector("a.commit"));
    assertThat(commit.getText()).isEqualTo(COMMIT.substring(0, 7));
    assertThat(commit.getAttribute("href"))
        .isEqualTo("https://github.com/example/simple-app/commit/" + COMMIT);
    assertThat(changes.get(1).findElements(By.cssSelector("a.commit"))).isEmpty();
    // durations and ages read like a person's (issue 29 point 7), the exact time on hover
    for (var change : changes) {
      assertThat(change.findElement(By.cssSelector("td.num")).getText()).matches(DURATION);
      var started = change.findElement(By.tagName("time"));
      assertThat(started.getText()).matches(AGE);
      assertThat(started.getAttribute("title"))
          .isEqualTo(started.getAttribute("datetime"))
          .matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z");
    }
    assertThat(browser.findElement(By.id("out-of-sync")).getText())
        .startsWith("0 objects out of sync now");
    readsLikeAPerson("app");
    assertThat(browser.findElement(By.id("inventory")).getText())
        .contains("ConfigMap")
        .contains("Deployment")
        .contains("Service");
    // the changes-per-day chart: today's bar has the two deploys, in words too
    var bars = browser.findElements(By.cssSelector("#per-day rect.bar"));
    assertThat(bars).isNotEmpty();
    assertThat(
            bars.get(bars.size() - 1).findElement(By.tagName("title")).getAttribute("textContent"))
        .endsWith(": 2 deploy ok");
    assertThat(browser.findElement(By.id("per-day-table")).getAttribute("textContent"))
        .contains("deploy ok");
    screenshot("app");

    // Change: kapp's Changes table and each resource's field diffs, as the API has them
    click(By.cssSelector("#changes tr[data-change='" + newest + "']"), By.linkText(newest));
    wait.until(ExpectedConditions.urlContains("/changes/" + newest));
    var changeTable =
        wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("change-table")));
    assertThat(changeTable.findElements(By.cssSelector("tbody tr")))
        .hasSize(v2Change.get("changes").size());
    // every resource's outcome, as the API has it (issue 29: the Result column was empty)
    assertThat(changeTable.findElements(By.cssSelector("tbody td.result")))
        .extracting(WebElement::getText)
        .hasSize(v2Change.get("changes").size())
        .allMatch(result -> result.endsWith("applied"));
    assertThat(browser.findElement(By.id("summary")).getText())
        .contains(MESSAGE)
        .contains(COMMIT.substring(0, 7))
        .contains("anonymous");
    assertThat(browser.findElement(By.cssSelector("#summary time")).getText()).matches(AGE);
    readsLikeAPerson("change");
    var page = browser.findElement(By.id("main")).getText();
    for (var resource : v2Change.get("changes")) {
      assertThat(page)
          .contains(
              resource.get("op").asText()
                  + " "
                  + resource.get("kind").asText().toLowerCase()
                  + "/"
                  + resource.get("name").asText());
      for (var field : resource.path("fields")) {
        assertThat(fieldPaths()).contains(field.get("path").asText());
      }
    }
    // v2 (examples/simple-app-v2.yml): the ConfigMap's data, the Deployment's env from it
    assertThat(fieldPaths())
        .contains(
            "data.hello_msg",
            "spec.template.spec.containers[name=simple-app].env[name=HELLO_MSG].valueFrom");
    screenshot("change");

    // narrow window: the same page, tables scrolling sideways inside themselves, never the page
    browser.manage().window().setSize(new Dimension(390, 900));
    scrollsInsideNotThePage("change-table");
    screenshot("change-narrow");
    browser.navigate().back();
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("changes")));
    scrollsInsideNotThePage("changes");
    screenshot("app-narrow");
    browser.manage().window().setSize(new Dimension(1280, 900));

    // An outside edit, put back by a reconcile: it shows on the open App page, no reload
    browser.get(base() + "/#/apps/default/simple-app");
    wait.until(
        ExpectedConditions.numberOfElementsToBe(By.cssSelector("#changes tr[data-change]"), 2));
    ((JavascriptExecutor) browser).executeScript("window.notReloaded = true;");
    editImage("simple-app", "docker.io/library/nginx:outside-edit");
    reconcile();
    await()
        .atMost(WAIT)
        .untilAsserted(
            () -> {
              var rows = browser.findElements(By.cssSelector("#changes tr[data-change]"));
              assertThat(rows).hasSize(3);
              assertThat(rows.get(0).getAttribute("data-trigger")).isEqualTo("reconcile");
              assertThat(rows.get(0).getText()).contains("succeeded");
            });
    assertThat(((JavascriptExecutor) browser).executeScript("return window.notReloaded === true"))
        .isEqualTo(true);
    // the reconcile put the image back: drifted, but in sync now, and the page says which
    await()
        .atMost(WAIT)
        .untilAsserted(
            () ->
                assertThat(browser.findElement(By.id("out-of-sync")).getText())
                    .startsWith("0 objects out of sync now; 1 put back by a reconcile"));
    assertThat(
            browser
                .findElement(By.cssSelector("#changes tr[data-trigger='reconcile'] td.who"))
                .getText())
        .isIn("anonymous", "driftless");
    readsLikeAPerson("app after reconcile");
    screenshot("app-after-reconcile");

    // Projections
    click(By.linkText("Projections"));
    var views = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("projections")));
    assertThat(views.getText()).contains("live");
    readsLikeAPerson("projections");
    screenshot("projections");

    resourcePageShowsTheTimelineAndAGhostDiffWithItsRule();
    appsShowTheirStatusProblemsFirst();
  }

  /**
   * Issue 29 point 1: with simple-app in sync, scaled drifted (the HPA's ghost diff) and selector
   * failed (the cluster refused its new selector), the Apps list states each status in words, sorts
   * the failed one first and the one in sync last, and filters by status; the App page says the
   * same, the failure's reason included.
   */
  private void appsShowTheirStatusProblemsFirst() throws Exception {
    deployTo("selector", selectorDeployment("selector-a"));
    var refused = send("selector", selectorDeployment("selector-b"));
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(502);
    await("the failed change in the views")
        .atMost(WAIT)
        .ignoreExceptions()
        .until(
            () ->
                get("/api/apps/default/selector").path("lastChangeSuccessful").isBoolean()
                    && !get("/api/apps/default/selector").path("lastChangeSuccessful").asBoolean());

    browser.get(base() + "/");
    await("status words, problems first")
        .atMost(WAIT)
        .ignoreExceptions()
        .untilAsserted(
            () -> {
              var rows = browser.findElements(By.cssSelector("#apps tr[data-app]"));
              assertThat(rows)
                  .extracting(row -> row.getAttribute("data-app"))
                  .containsExactly("default/selector", "default/scaled", "default/simple-app");
              assertThat(status(rows.get(0))).startsWith("failed:").contains("field is immutable");
              assertThat(status(rows.get(1))).startsWith("drifted").contains("ghost diffs");
              assertThat(status(rows.get(2))).isEqualTo("in sync");
            });
    readsLikeAPerson("apps with their status");
    screenshot("apps-status");

    // the status filter: a labelled <select>, only the failed app left
    var byStatus =
        new org.openqa.selenium.support.ui.Select(
            browser.findElement(By.cssSelector("select#status-filter")));
    assertThat(browser.findElement(By.cssSelector("label[for='status-filter']")).getText())
        .isEqualTo("Status");
    assertThat(browser.findElement(By.cssSelector("label[for='namespace-filter']")).getText())
        .isEqualTo("Namespace");
    byStatus.selectByValue("failed");
    wait.until(
        ExpectedConditions.invisibilityOfElementLocated(
            By.cssSelector("#apps tr[data-app='default/simple-app']")));
    assertThat(browser.findElements(By.cssSelector("#apps tr[data-app]:not([hidden])")))
        .extracting(row -> row.getAttribute("data-app"))
        .containsExactly("default/selector");
    byStatus.selectByValue("");

    // the App page: the same words, the reason of the failure with them
    browser.get(base() + "/#/apps/default/selector");
    var line = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("app-status")));
    assertThat(line.getText()).startsWith("Status: failed:").contains("field is immutable");
  }

  /**
   * Issue 25, point 6: a deploy that changes a Deployment's {@code spec.selector}, which the
   * cluster refuses (422, the field is immutable), opened on its Change page: the cluster's words
   * are on the page, as the change's reason and as the refused resource's error.
   */
  @Test
  void aFailedChangeShowsTheClustersRefusal() throws Exception {
    deployTo("selector", selectorDeployment("selector-a"));
    var refused = send("selector", selectorDeployment("selector-b"));
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(502);
    var answer = JSON.readTree(refused.body());
    var changeId = answer.get("changeId").asText();
    assertThat(answer.get("message").asText()).contains("field is immutable");
    await("the failed change in the views")
        .atMost(WAIT)
        .ignoreExceptions()
        .until(
            () ->
                get("/api/apps/default/selector/changes/" + changeId)
                    .path("successful")
                    .isBoolean());

    browser.get(base() + "/#/apps/default/selector/changes/" + changeId);

    var reason = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("change-error")));
    assertThat(reason.getText())
        .contains("This change failed")
        .contains("spec.selector")
        .contains("field is immutable");
    var refusal = browser.findElement(By.cssSelector("section.resource .resource-error")).getText();
    assertThat(refusal)
        .contains("The cluster refused it")
        .contains("spec.selector")
        .contains("field is immutable");
    assertThat(browser.findElement(By.id("change-table")).getText())
        .contains("failed")
        .contains("field is immutable");
    readsLikeAPerson("failed change");
    screenshot("change-failed");

    // the app's change list says why too (issue 29), with the duration as a person reads it
    click(By.linkText("default/selector"));
    var row =
        wait.until(
            ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("#changes tr[data-change='" + changeId + "']")));
    assertThat(row.findElement(By.cssSelector("td.result")).getText())
        .contains("failed")
        .contains("spec.selector")
        .contains("field is immutable");
    assertThat(row.findElement(By.cssSelector("td.num")).getText()).matches(DURATION);
    readsLikeAPerson("app with a failed change");
    screenshot("app-failed-change");
  }

  /**
   * Issue 29 point 7: the page's own wording of durations and ages, over the range a person meets
   * (a real change takes seconds, so minutes and hours are asked of the page's formatter).
   */
  @Test
  void durationsAndAgesReadLikeAPersonsWords() throws Exception {
    browser.get(base() + "/#/projections");
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("projections")));
    var words =
        ((JavascriptExecutor) browser)
            .executeScript(
                "const f = window.historyFormat; const minute = 60000;"
                    + " return [f.readable(0), f.readable(1234), f.readable(42400),"
                    + " f.readable(3 * minute + 12000), f.readable(125 * minute),"
                    + " f.readable(810946), f.readable(f.isoMillis('PT0S')),"
                    + " f.readable(f.isoMillis('PT1H2M3.5S')), f.readable(NaN),"
                    + " f.ago(new Date(Date.now() - 5 * minute).toISOString())];");
    assertThat(words)
        .isEqualTo(
            List.of(
                "0 s",
                "1.2 s",
                "42 s",
                "3 min 12 s",
                "2 h 5 min",
                "13 min 31 s",
                "0 s",
                "1 h 2 min",
                "",
                "5 min ago"));
  }

  /**
   * Resource: the Deployment's ops newest first with their field diffs (after a rebuild of the
   * timeline view, which a store from before it needs); an HPA of another team fighting over {@code
   * spec.replicas} gives a ghost diff, shown with its suggested rebase rule to copy.
   */
  private void resourcePageShowsTheTimelineAndAGhostDiffWithItsRule() throws Exception {
    browser.get(base() + "/#/apps/default/simple-app");
    click(By.cssSelector("#inventory a[href$='/resources/Deployment/simple-app']"));
    wait.until(ExpectedConditions.urlContains("/resources/Deployment/simple-app"));
    // a fresh store's timeline view is built at start; an older store's says how to build it
    var shown =
        wait.until(
            ExpectedConditions.or(
                ExpectedConditions.visibilityOfElementLocated(By.id("timeline")),
                ExpectedConditions.visibilityOfElementLocated(By.id("timeline-note"))));
    assertThat(shown).isTrue();
    if (!browser.findElements(By.id("timeline-note")).isEmpty()) {
      assertThat(browser.findElement(By.id("timeline-note")).getText()).contains("rebuild");
    }

    post("/api/projections/timeline/rebuild", 202);
    await("the timeline view")
        .atMost(WAIT)
        .ignoreExceptions()
        .until(
            () ->
                get("/api/apps/default/simple-app/resources/Deployment/simple-app/timeline").size()
                    >= 3);
    browser.navigate().refresh();
    var timeline =
        wait.until(
            ExpectedConditions.numberOfElementsToBeMoreThan(
                By.cssSelector("#timeline tbody tr[data-op]"), 2));
    assertThat(timeline.get(timeline.size() - 1).getAttribute("data-op")).isEqualTo("create");
    assertThat(timeline.get(0).getAttribute("data-op")).isEqualTo("update");
    assertThat(timeline.get(0).getText()).contains("outside-edit");
    assertThat(browser.findElement(By.id("no-ghost")).getText()).contains("No ghost diff");
    readsLikeAPerson("resource");

    // a Deployment with replicas, and another team's HPA that keeps changing them
    deployTo("scaled", SCALED_DEPLOYMENT);
    foreignHpa("scaled-hpa", "scaled", 4);
    await("a ghost diff")
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              reconcile("scaled");
              return get("/api/ghost-diffs?app=default/scaled").size() == 1;
            });
    browser.get(base() + "/#/apps/default/scaled/resources/Deployment/scaled");
    var rule = wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("rule-0")));
    assertThat(rule.getText())
        .contains("path: [spec, replicas]")
        .contains("type: copy")
        .contains("name: scaled");
    assertThat(browser.findElement(By.cssSelector("section.ghost")).getText())
        .contains("Ghost diff at spec.replicas");
    assertThat(browser.findElement(By.cssSelector("section.ghost dd.changed-by")).getText())
        .as("who set it back, from the Deployment's managedFields")
        .isEqualTo("kube-controller-manager");
    // the clipboard as a person's browser has it: allowed for this page
    browser.executeCdpCommand(
        "Browser.grantPermissions",
        java.util.Map.of(
            "origin",
            base(),
            "permissions",
            List.of("clipboardReadWrite", "clipboardSanitizedWrite")));
    click(By.id("copy-rule-0"));
    // headless chromium may refuse the clipboard: the rule is then selected for Ctrl+C
    var status =
        wait.until(
            ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("section.ghost [role=status]")));
    await().atMost(WAIT).until(() -> !status.getText().isBlank());
    var copied =
        status.getText().contains("copied")
            ? ((JavascriptExecutor) browser)
                .executeAsyncScript(
                    "var done = arguments[arguments.length - 1];"
                        + " navigator.clipboard.readText().then(done, () => done(''));")
            : ((JavascriptExecutor) browser)
                .executeScript("return window.getSelection().toString()");
    assertThat(String.valueOf(copied)).contains("path: [spec, replicas]");
    screenshot("resource");

    // the reconcile that put spec.replicas back, from the timeline to its Change page
    readsLikeAPerson("resource with a ghost diff");
    click(By.cssSelector("#timeline tbody tr[data-op='update']"), By.tagName("a"));
    wait.until(ExpectedConditions.urlContains("/changes/scaled-change-"));
    wait.until(ExpectedConditions.visibilityOfElementLocated(By.id("change-table")));
    assertThat(fieldPaths()).contains("spec.replicas");
    readsLikeAPerson("reconcile change");
    screenshot("change-replicas");

    // Projections: the timeline view's rebuild, swapped, as a full progress bar
    click(By.linkText("Projections"));
    var bar =
        wait.until(
            ExpectedConditions.visibilityOfElementLocated(
                By.cssSelector("#projections td[data-rebuild='swapped'] progress")));
    assertThat(bar.getAttribute("value")).isEqualTo(bar.getAttribute("max"));
    readsLikeAPerson("projections after a rebuild");
    screenshot("projections-rebuilt");
  }
}
