package io.driftless.command.deploy;

import io.driftless.command.app.AppLockedException;
import io.driftless.command.app.LockApp;
import io.driftless.command.app.LockHeldByOtherException;
import io.driftless.command.app.LockRecorded;
import io.driftless.command.app.NotLockedException;
import io.driftless.command.app.UnlockApp;
import io.driftless.command.plan.AggregateStates;
import io.driftless.events.ResourceIds;
import io.driftless.security.Role;
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
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/apps/{namespace}/{app}/lock} (body {@code {"reason": "..."}}) and {@code DELETE
 * .../lock}: a change freeze (issue 27, docs/API.md "Locks"), decided by the App ({@link LockApp},
 * {@link UnlockApp}) and recorded as history rows with their provenance. {@code 200} with the lock;
 * {@code 400 bad_parameter} for a missing, blank or too long reason (or bad provenance values);
 * {@code 404} for an app that never existed; {@code 409 app_locked} to lock a locked app; {@code
 * 409 not_locked} to unlock one without a lock; {@code 403 forbidden} naming the locker when
 * someone else than the locker, without the {@code admin} role, unlocks. The roles ({@code
 * deployer} for both) are checked by web-security's access rules. An {@code Idempotency-Key} is not
 * read, as on the abort endpoint: a retried lock or unlock records nothing and answers 409.
 */
@RestController
@RequestMapping("/api/apps/{namespace}/{app}/lock")
class LockController {

  private static final Logger log = LoggerFactory.getLogger(LockController.class);

  /** The longest {@code reason} accepted. */
  static final int MAX_REASON = 1_000;

  private final CommandGateway commands;
  private final AggregateStates states;
  private final Clock clock;

  LockController(CommandGateway commands, AggregateStates states, Clock clock) {
    this.commands = commands;
    this.states = states;
    this.clock = clock;
  }

  /** The lock request's body. */
  record LockRequest(String reason) {}

  @PostMapping
  ResponseEntity<LockResponse> lock(
      @PathVariable String namespace,
      @PathVariable String app,
      @RequestBody(required = false) LockRequest body,
      HttpServletRequest http) {
    AppNames.check(namespace, app);
    var provenance = ProvenanceInput.of(http);
    var reason = reason(body);
    var appId = existing(namespace, app);
    LockRecorded recorded =
        commands.sendAndWait(new LockApp(appId, reason, provenance, clock.instant()));
    log.info("{} locked by {}: {}", appId, recorded.actor(), reason);
    return ResponseEntity.ok(LockResponse.locked(appId, recorded));
  }

  @DeleteMapping
  ResponseEntity<LockResponse> unlock(
      @PathVariable String namespace, @PathVariable String app, HttpServletRequest http) {
    AppNames.check(namespace, app);
    var provenance = ProvenanceInput.of(http);
    var appId = existing(namespace, app);
    var admin = http.isUserInRole(Role.ADMIN.label());
    LockRecorded recorded =
        commands.sendAndWait(new UnlockApp(appId, provenance, admin, clock.instant()));
    log.info("{} unlocked by {} ({})", appId, recorded.actor(), recorded.lock().describe());
    return ResponseEntity.ok(LockResponse.unlocked(appId, recorded));
  }

  /** The reason, stripped: required, not blank, at most {@value #MAX_REASON} characters. */
  private static String reason(LockRequest body) {
    var reason = body == null ? null : body.reason();
    if (reason == null || reason.isBlank()) {
      throw new BadParameterException(
          "The lock needs a reason: send {\"reason\": \"...\"}.",
          List.of("reason: required, not blank"));
    }
    if (reason.length() > MAX_REASON) {
      throw new BadParameterException(
          "The lock's reason is too long.",
          List.of("reason: at most " + MAX_REASON + " characters, not " + reason.length()));
    }
    return reason.strip();
  }

  /** The app's id; {@link AppNotFoundException} for an app that never had a change. */
  private String existing(String namespace, String app) {
    var appId = ResourceIds.appId(namespace, app);
    if (states.app(appId).changeNumber() == 0) {
      throw new AppNotFoundException(appId);
    }
    return appId;
  }

  @ExceptionHandler(AppLockedException.class)
  ResponseEntity<ApiError> alreadyLocked(AppLockedException e) {
    return ApiErrorResponses.of(
        HttpStatus.CONFLICT, "app_locked", e.getMessage(), ApiErrors.lockDetails(e.lock()));
  }

  @ExceptionHandler(NotLockedException.class)
  ResponseEntity<ApiError> notLocked(NotLockedException e) {
    return ApiErrorResponses.of(HttpStatus.CONFLICT, "not_locked", e.getMessage(), List.of());
  }

  @ExceptionHandler(LockHeldByOtherException.class)
  ResponseEntity<ApiError> heldByOther(LockHeldByOtherException e) {
    log.info("403 forbidden: {}", e.getMessage());
    return ApiErrorResponses.of(
        HttpStatus.FORBIDDEN, "forbidden", e.getMessage(), ApiErrors.lockDetails(e.lock()));
  }

  @ExceptionHandler(AggregateNotFoundException.class)
  ResponseEntity<ApiError> unknownApp(AggregateNotFoundException e) {
    return ApiErrorResponses.of(
        HttpStatus.NOT_FOUND, "not_found", "There is no such app.", List.of());
  }
}
