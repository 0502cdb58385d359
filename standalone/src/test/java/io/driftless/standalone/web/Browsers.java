package io.driftless.standalone.web;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * Debian's headless chromium driven by its chromedriver (both installed by {@code .ci/run}), by
 * path, so Selenium Manager never downloads anything; the page tests' screenshots go to {@code
 * target/screenshots/}. The browser's network log is on, so a test can list every request the page
 * sent.
 */
public final class Browsers {

  static final Path SCREENSHOTS = Path.of("target", "screenshots");

  private Browsers() {}

  public static ChromeDriver headlessChromium() throws Exception {
    var profile = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "chromium-");
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
        "--disable-sync",
        "--no-first-run",
        "--window-size=1280,900",
        "--user-data-dir=" + profile);
    var logs = new LoggingPreferences();
    logs.enable(LogType.PERFORMANCE, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    options.setExperimentalOption("perfLoggingPrefs", Map.of("enableNetwork", true));
    Files.createDirectories(SCREENSHOTS);
    return new ChromeDriver(service, options);
  }

  public static void screenshot(ChromeDriver browser, String name) throws Exception {
    var shot = browser.getScreenshotAs(OutputType.FILE);
    Files.copy(
        shot.toPath(), SCREENSHOTS.resolve(name + ".png"), StandardCopyOption.REPLACE_EXISTING);
  }
}
