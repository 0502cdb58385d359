package io.driftless.query.console;

import java.util.Map;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/console} (docs/API.md, "History page settings"): {@code {"commandUrl": "..."}},
 * the setting {@code driftless.console.command-url}: where the page sends what only the command
 * side answers (the live objects, reconcile, rollback, lock). Empty (the default): this origin, as
 * in the standalone server or with both sides behind one proxy (query-side README, "Commands from
 * the page").
 */
@RestController
class ConsoleController {

  private final String commandUrl;

  ConsoleController(@Value("${driftless.console.command-url:}") String commandUrl) {
    this.commandUrl = commandUrl.strip();
  }

  @GetMapping(path = "/api/console", produces = "application/json")
  Map<String, String> console() {
    return Map.of("commandUrl", commandUrl);
  }
}
