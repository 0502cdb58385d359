package io.driftless.command.deploy;

import io.driftless.command.app.AbortAppChange;
import io.driftless.command.app.ChangeNotFoundException;
import io.driftless.command.app.ChangeNotOpenException;
import io.driftless.command.plan.AggregateStates;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppId;
import io.driftless.shared.ApiError;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Clock;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/apps/{namespace}/{app}/changes/{changeId}/abort}: an admin closes a stuck open
 * change as failed (issue 25, "a way out"), through the App ({@link AbortAppChange}), recorded with
 * who did it. {@code 200} with the closed change, {@code 404} for an app or change that does not
 * exist, {@code 409 change_not_open} for a change that has ended. The {@code admin} role is checked
 * by web-security's access rules when security is on.
 *
 * <p>Limit: it closes the change in the event store only. A thread still running the change (one
 * stuck waiting, say) is not stopped: its later writes are still recorded on their objects, and its
 * own finish is then refused (its client gets an error); the app takes new changes at once.
 */
@RestController
class AbortController {

  private static final Logger log = LoggerFactory.getLogger(AbortController.class);
  private static final int MAX_REASON = 500;

  private final CommandGateway commands;
  private final AggregateStates states;
  private final Clock clock;

  AbortController(CommandGateway commands, AggregateStates states, Clock clock) {
    this.commands = commands;
    this.states = states;
    this.clock = clock;
  }

  @PostMapping("/api/apps/{namespace}/{app}/changes/{changeId}/abort")
  ResponseEntity<?> abort(
      @PathVariable String namespace,
      @PathVariable String app,
      @PathVariable String changeId,
      @RequestParam(required = false) String reason,
      HttpServletRequest http) {
    if (reason != null && reason.length() > MAX_REASON) {
      throw new BadParameterException(
          "Query parameter reason is too long.",
          List.of("reason: at most " + MAX_REASON + " characters, not " + reason.length()));
    }
    var id = AppId.of(namespace, app);
    var appId = id.toString();
    if (!id.hasDnsLabels() || states.app(appId).changeNumber() == 0) {
      return notFound("There is no app " + appId + ".");
    }
    var actor = actor(http);
    AppChangeFinished finished =
        commands.sendAndWait(new AbortAppChange(appId, changeId, actor, reason, clock.instant()));
    log.warn("Change {} of {} {}", changeId, appId, finished.error());
    return ResponseEntity.ok(AbortResponse.of(finished, actor));
  }

  /** Who asks: the authenticated principal's name, {@code anonymous} without one. */
  static String actor(HttpServletRequest http) {
    var principal = http.getUserPrincipal();
    return principal == null || principal.getName() == null ? "anonymous" : principal.getName();
  }

  @ExceptionHandler({ChangeNotFoundException.class, AggregateNotFoundException.class})
  ResponseEntity<ApiError> unknownChange(RuntimeException e) {
    return notFound(e.getMessage());
  }

  @ExceptionHandler(ChangeNotOpenException.class)
  ResponseEntity<ApiError> notOpen(ChangeNotOpenException e) {
    return ApiErrorResponses.of(HttpStatus.CONFLICT, "change_not_open", e.getMessage(), List.of());
  }

  private static ResponseEntity<ApiError> notFound(String message) {
    return ApiErrorResponses.of(HttpStatus.NOT_FOUND, "not_found", message, List.of());
  }
}
