package io.driftless.security;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Optional;
import org.springframework.http.HttpMethod;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Which role may do what (docs/API.md, "Authentication"), as one table both the filter chain and
 * the 403 message read. The first matching rule decides; {@code /actuator/health} (readiness and
 * liveness probes) is open and not in the table; a request no rule names (an unknown path, a method
 * a path does not take) needs any valid token, then answers the API's 404 or 405.
 */
final class AccessRules {

  /** One row: a method ({@code null}: any) and a path pattern, and the role it needs. */
  record Rule(HttpMethod method, String pattern, Role role) {

    RequestMatcher matcher() {
      return PathPatternRequestMatcher.withDefaults().matcher(method, pattern);
    }
  }

  /**
   * Open to GET and HEAD without a token: the readiness and liveness probes, and the history page's
   * own files (query-side README, "History page"), which hold no data: the page asks for a token
   * when the API answers 401 and sends it with every API call.
   */
  static final List<String> OPEN =
      List.of(
          "/actuator/health",
          "/actuator/health/**",
          "/",
          "/index.html",
          "/history.js",
          "/history.css",
          "/js/*.js",
          "/favicon.ico");

  /** Who am I ({@link WhoAmIController}): any valid token, whatever its roles. */
  static final String WHOAMI = "/api/whoami";

  static final List<Rule> RULES =
      List.of(
          // Closing a stuck change by hand (issue 25): an admin's way out, not a deployer's.
          new Rule(HttpMethod.POST, "/api/apps/*/*/changes/*/abort", Role.ADMIN),
          new Rule(HttpMethod.POST, "/api/apps/*/*/deploy", Role.DEPLOYER),
          new Rule(HttpMethod.POST, "/api/apps/*/*/reconcile", Role.DEPLOYER),
          new Rule(HttpMethod.POST, "/api/apps/*/*/rollback", Role.DEPLOYER),
          new Rule(HttpMethod.DELETE, "/api/apps/*/*", Role.DEPLOYER),
          // A change freeze (issue 27): deployers lock and unlock; the command side lets only the
          // locker or an admin unlock (403 naming the locker).
          new Rule(HttpMethod.POST, "/api/apps/*/*/lock", Role.DEPLOYER),
          new Rule(HttpMethod.DELETE, "/api/apps/*/*/lock", Role.DEPLOYER),
          // Webhook subscriptions (issue 30), also reading them: a target URL may carry a
          // credential of its own, and the deliveries carry every event.
          new Rule(null, "/api/subscriptions", Role.ADMIN),
          new Rule(null, "/api/subscriptions/**", Role.ADMIN),
          new Rule(HttpMethod.GET, "/api/**", Role.VIEWER),
          new Rule(HttpMethod.HEAD, "/api/**", Role.VIEWER),
          // Rebuilds and any later repair of the views.
          new Rule(null, "/api/projections/**", Role.ADMIN),
          new Rule(null, "/actuator/**", Role.ADMIN));

  private AccessRules() {}

  /** The role the first matching rule asks for, if a rule matches. */
  static Optional<Role> requiredRole(HttpServletRequest request) {
    return RULES.stream()
        .filter(rule -> rule.matcher().matches(request))
        .map(Rule::role)
        .findFirst();
  }
}
