package io.driftless.security;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Arrays;
import java.util.Map;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/whoami} (docs/API.md, "Authentication"): who the caller is and which roles its
 * token holds, so the history page shows an action only to a token that may run it. Any valid token
 * may ask (a {@code deployer}-only token too); without tokens configured (the open embedded
 * default) the caller is {@code anonymous} with every role, as every request then is.
 */
@RestController
class WhoAmIController {

  private final boolean open;

  WhoAmIController(boolean open) {
    this.open = open;
  }

  /** {@code {"name", "roles": [...], "open"}}, the roles sorted by their label. */
  @GetMapping(path = "/api/whoami", produces = "application/json")
  Map<String, Object> whoami(HttpServletRequest http) {
    var principal = http.getUserPrincipal();
    var roles =
        Arrays.stream(Role.values())
            .filter(role -> open || http.isUserInRole(role.label()))
            .map(Role::label)
            .sorted()
            .toList();
    var name = open || principal == null ? "anonymous" : principal.getName();
    return Map.of("name", name, "roles", roles, "open", open);
  }
}
