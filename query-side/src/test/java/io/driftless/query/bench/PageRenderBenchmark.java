package io.driftless.query.bench;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.query.QuerySideApplication;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.TestEventStore;
import java.io.File;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import org.awaitility.Awaitility;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.slf4j.LoggerFactory;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Issue 29 point 8: how long the history page takes to render in Chromium for a large history: the
 * App page of an app with {@code big-changes} (10,000) changes and the Apps list of {@code apps}
 * (1,000) apps. The store is seeded directly ({@link FleetHistory}, as TravelBenchmark does: one
 * change for each of the fleet's apps, then the big app's changes), the query side is started on it
 * (the standalone's layout: store and views in one database) and every view is rebuilt through its
 * API; then Debian's headless chromium opens each page {@code runs} (5) times after a warm-up, each
 * a fresh load, and the page's own mark is read: {@code main[data-rendered-ms]}, milliseconds from
 * the navigation's start to the end of the page's render (history.js). Median and range are
 * printed, and axe-core's violations of each page by impact ({@code axe=} the path of axe.min.js,
 * standalone's vendored copy by default). The command is in query-side/BENCHMARK.md, "Page render".
 */
public final class PageRenderBenchmark {

  private static final ObjectMapper JSON = new ObjectMapper();

  private PageRenderBenchmark() {}

  public static void main(String[] args) throws Exception {
    var options = new HashMap<String, String>();
    for (var arg : args) {
      options.put(arg.substring(0, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
    }
    var apps = Integer.parseInt(options.getOrDefault("apps", "1000"));
    var resources = Integer.parseInt(options.getOrDefault("resources", "5"));
    var bigResources = Integer.parseInt(options.getOrDefault("big-resources", "20"));
    var bigChanges = Integer.parseInt(options.getOrDefault("big-changes", "10000"));
    var runs = Integer.parseInt(options.getOrDefault("runs", "5"));
    var axe =
        Path.of(options.getOrDefault("axe", "../standalone/src/test/resources/axe/axe.min.js"));
    ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger("ROOT").setLevel(Level.WARN);
    System.out.printf(
        Locale.ROOT,
        "PageRenderBenchmark: %d cores, Java %s, %d apps, big app %d changes of %d objects%n",
        Runtime.getRuntime().availableProcessors(),
        Runtime.version(),
        apps,
        bigChanges,
        bigResources);
    try (var db = LocalServices.migratedViews("driftless_bench_render")) {
      TestEventStore.create(db);
      var stored = new long[1];
      var started = System.nanoTime();
      var bigApp =
          new FleetHistory(29L)
              .generate(
                  apps,
                  resources,
                  bigResources,
                  bigChanges,
                  1,
                  part -> {
                    TestEventStore.append(db, part);
                    stored[0] += part.size();
                  });
      System.out.printf(
          Locale.ROOT,
          "stored %,d events in %.1f s%n",
          stored[0],
          (System.nanoTime() - started) / 1e9);
      var context =
          new SpringApplicationBuilder(QuerySideApplication.class)
              .run(
                  "--server.port=0",
                  "--spring.datasource.url=" + db.getJdbcUrl(),
                  "--spring.datasource.username=" + LocalServices.jdbcUser(),
                  "--spring.datasource.password=" + LocalServices.jdbcPassword(),
                  "--spring.main.banner-mode=off",
                  "--logging.level.root=WARN");
      try {
        var base = "http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port");
        rebuildEveryView(base);
        var browser = chromium();
        try {
          var pages = new ArrayList<String[]>();
          pages.add(
              new String[] {
                "App page (" + bigChanges + " changes)", "#/apps/" + bigApp, "changes"
              });
          pages.add(new String[] {"Apps list (" + (apps + 1) + " apps)", "#/apps", "apps"});
          pages.add(new String[] {"Audit log", "#/audit", "audit"});
          for (var page : pages) {
            measure(browser, base, page[0], page[1], page[2], runs, axe);
          }
        } finally {
          browser.quit();
        }
      } finally {
        context.close();
      }
      new JdbcTemplate(db).execute("DROP DATABASE IF EXISTS driftless_bench_render");
    }
  }

  /**
   * Every view the API lists, rebuilt from the store one after the other (two swapping at once
   * refuse each other), each until its rebuild is swapped.
   */
  private static void rebuildEveryView(String base) throws Exception {
    var http = HttpClient.newHttpClient();
    var started = System.nanoTime();
    for (var view : JSON.readTree(get(http, base + "/api/projections"))) {
      var name = view.get("name").asText();
      var answer =
          http.send(
              HttpRequest.newBuilder(URI.create(base + "/api/projections/" + name + "/rebuild"))
                  .POST(HttpRequest.BodyPublishers.noBody())
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (answer.statusCode() != 202) {
        throw new IllegalStateException(name + ": " + answer.statusCode() + " " + answer.body());
      }
      var rebuildId = JSON.readTree(answer.body()).get("rebuildId").asText();
      var phase =
          Awaitility.await()
              .atMost(Duration.ofHours(1))
              .pollInterval(Duration.ofMillis(500))
              .until(
                  () -> {
                    for (var v : JSON.readTree(get(http, base + "/api/projections"))) {
                      var rebuild = v.path("rebuild");
                      if (v.get("name").asText().equals(name)
                          && rebuild.path("rebuildId").asText().equals(rebuildId)) {
                        return rebuild.path("phase").asText();
                      }
                    }
                    return "";
                  },
                  p -> p.equals("swapped") || p.equals("failed"));
      if (!phase.equals("swapped")) {
        throw new IllegalStateException("the rebuild of " + name + " failed");
      }
    }
    System.out.printf(
        Locale.ROOT, "rebuilt every view in %.1f s%n", (System.nanoTime() - started) / 1e9);
  }

  private static String get(HttpClient http, String url) throws Exception {
    return http.send(
            HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private static ChromeDriver chromium() throws Exception {
    var profile = Files.createTempDirectory("chromium-bench-");
    var service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(new File("/usr/bin/chromedriver"))
            .usingAnyFreePort()
            .build();
    var options = new ChromeOptions();
    options.setBinary("/usr/bin/chromium");
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--window-size=1400,1000",
        "--user-data-dir=" + profile);
    return new ChromeDriver(service, options);
  }

  /** One warm-up load, then {@code runs} fresh loads; the page's render mark of each. */
  private static void measure(
      ChromeDriver browser,
      String base,
      String label,
      String route,
      String table,
      int runs,
      Path axe)
      throws Exception {
    var wait = new WebDriverWait(browser, Duration.ofMinutes(2));
    var times = new ArrayList<Long>();
    for (int i = 0; i <= runs; i++) {
      browser.get("about:blank");
      browser.get(base + "/" + route);
      try {
        wait.until(ExpectedConditions.presenceOfElementLocated(By.id(table)));
      } catch (org.openqa.selenium.TimeoutException e) {
        throw new IllegalStateException(
            label + " did not render: " + browser.findElement(By.id("main")).getText(), e);
      }
      var mark =
          wait.until(
              d -> {
                var ms = d.findElement(By.id("main")).getAttribute("data-rendered-ms");
                return ms == null || ms.isEmpty() ? null : Long.parseLong(ms);
              });
      if (i > 0) {
        times.add(mark);
      }
    }
    var sorted = times.stream().sorted().toList();
    var rows = browser.findElements(By.cssSelector("#" + table + " tbody tr")).size();
    System.out.printf(
        Locale.ROOT,
        "%-28s median %,d ms (%,d..%,d ms over %d loads), %d rows; axe-core: %s%n",
        label,
        sorted.get(sorted.size() / 2),
        sorted.get(0),
        sorted.get(sorted.size() - 1),
        runs,
        rows,
        axeCounts(browser, axe));
  }

  private static String axeCounts(ChromeDriver browser, Path axe) throws Exception {
    if (!Files.exists(axe)) {
      return "not run (no " + axe + ")";
    }
    browser.manage().timeouts().scriptTimeout(Duration.ofSeconds(120));
    browser.executeScript(Files.readString(axe));
    var answer =
        browser.executeAsyncScript(
            "const done = arguments[arguments.length - 1];"
                + " axe.run(document, {resultTypes: ['violations']}).then("
                + " r => done(JSON.stringify(r.violations.map(v => v.impact))),"
                + " e => done(JSON.stringify(['error: ' + e])));");
    var counts = new HashMap<String, Integer>();
    for (var impact : JSON.readTree(String.valueOf(answer))) {
      counts.merge(impact.asText(), 1, Integer::sum);
    }
    return List.of("critical", "serious", "moderate", "minor").stream()
        .map(k -> k + " " + counts.getOrDefault(k, 0))
        .reduce((a, b) -> a + ", " + b)
        .orElse("");
  }
}
