package io.driftless.standalone.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * axe-core (Deque's accessibility rules, vendored as {@code src/test/resources/axe/axe.min.js},
 * MPL-2.0, its LICENSE beside it) run on the open page: injected by WebDriver (not through the
 * page, so the page's Content Security Policy stays as strict as ever), then {@code axe.run} on the
 * whole document.
 */
final class Axe {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SOURCE = load();

  private Axe() {}

  /** Violations by impact, as axe reports them: {@code [{"id","impact","nodes":[...]}]}. */
  static JsonNode violations(ChromeDriver browser) throws Exception {
    browser.manage().timeouts().scriptTimeout(java.time.Duration.ofSeconds(60));
    browser.executeScript(SOURCE + "\n;window.__axeLoaded = true;");
    var answer =
        browser.executeAsyncScript(
            "const done = arguments[arguments.length - 1];"
                + " axe.run(document, {resultTypes: ['violations']}).then("
                + " r => done(JSON.stringify(r.violations.map(v => ({id: v.id, impact: v.impact,"
                + " help: v.help, nodes: v.nodes.map(n => n.target.join(' '))})))),"
                + " e => done(JSON.stringify({error: String(e)})));");
    var tree = JSON.readTree(String.valueOf(answer));
    if (tree.has("error")) {
      throw new IllegalStateException("axe-core failed: " + tree.get("error").asText());
    }
    return tree;
  }

  /** The serious and critical violations, one line each (rule, help, the elements). */
  static List<String> seriousOrCritical(JsonNode violations) {
    var found = new ArrayList<String>();
    for (var v : violations) {
      var impact = v.path("impact").asText();
      if (impact.equals("serious") || impact.equals("critical")) {
        found.add(
            impact
                + " "
                + v.get("id").asText()
                + ": "
                + v.path("help").asText()
                + " at "
                + v.get("nodes"));
      }
    }
    return found;
  }

  /** How many violations of each impact: {@code critical=0 serious=0 moderate=1 minor=0}. */
  static String counts(JsonNode violations) {
    int critical = 0, serious = 0, moderate = 0, minor = 0;
    for (var v : violations) {
      switch (v.path("impact").asText()) {
        case "critical" -> critical++;
        case "serious" -> serious++;
        case "moderate" -> moderate++;
        default -> minor++;
      }
    }
    return "critical=%d serious=%d moderate=%d minor=%d"
        .formatted(critical, serious, moderate, minor);
  }

  private static String load() {
    try (var in = Axe.class.getResourceAsStream("/axe/axe.min.js")) {
      if (in == null) {
        throw new IllegalStateException("axe/axe.min.js is not on the test classpath");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
