package io.driftless.command.deploy;

import io.driftless.command.app.AppLock;
import io.driftless.command.app.AppLockedException;
import io.driftless.command.app.ChangeInProgressException;
import io.driftless.command.app.StaleAppStateException;
import io.driftless.command.change.ConcurrentStartException;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.UnknownKindException;
import io.driftless.command.ownership.OwnershipConflictException;
import io.driftless.diff.resources.ManifestException;
import io.driftless.shared.ApiError;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.TypeMismatchException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.validation.BindException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.ServletRequestBindingException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/**
 * Maps failures of the command side's controllers to API.md's status codes and error shape. Scoped
 * to the command side's packages: in the standalone server the query side's advice answers for its
 * own controllers. Requests no controller takes (unknown path, wrong method) are {@link
 * RoutingErrors}' business. Messages are written for a person; none carries a Java class name or a
 * stack trace (an unexpected failure is logged with its trace and answered with a generic 500).
 */
@RestControllerAdvice(basePackages = "io.driftless.command")
class ApiErrors {

  private static final Logger log = LoggerFactory.getLogger(ApiErrors.class);

  @ExceptionHandler(ManifestException.class)
  ResponseEntity<ApiError> manifest(ManifestException e) {
    return switch (e.reason()) {
      case UNPARSABLE -> error(HttpStatus.BAD_REQUEST, "unparsable_body", e, e.details());
      case INVALID -> error(HttpStatus.UNPROCESSABLE_CONTENT, "invalid_resources", e, e.details());
      case TOO_MANY_RESOURCES, OBJECT_TOO_LARGE ->
          error(HttpStatus.CONTENT_TOO_LARGE, "too_large", e, e.details());
    };
  }

  @ExceptionHandler(BodyTooLargeException.class)
  ResponseEntity<ApiError> tooLarge(BodyTooLargeException e) {
    return error(HttpStatus.CONTENT_TOO_LARGE, "too_large", e, e.details());
  }

  @ExceptionHandler(RequestTimeoutException.class)
  ResponseEntity<ApiError> requestTimeout(RequestTimeoutException e) {
    return error(HttpStatus.REQUEST_TIMEOUT, "request_timeout", e, e.details());
  }

  @ExceptionHandler(ServerBusyException.class)
  ResponseEntity<ApiError> busy(ServerBusyException e) {
    log.info("{} server_busy: {}", HttpStatus.SERVICE_UNAVAILABLE.value(), e.getMessage());
    return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
        .header(HttpHeaders.RETRY_AFTER, "1")
        .contentType(MediaType.APPLICATION_JSON)
        .body(new ApiError("server_busy", e.getMessage(), e.details()));
  }

  @ExceptionHandler(BadParameterException.class)
  ResponseEntity<ApiError> badParameter(BadParameterException e) {
    return error(HttpStatus.BAD_REQUEST, "bad_parameter", e, e.details());
  }

  @ExceptionHandler(UnsupportedContentTypeException.class)
  ResponseEntity<ApiError> contentType(UnsupportedContentTypeException e) {
    return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type", e, e.details());
  }

  @ExceptionHandler(EmptyResourceSetException.class)
  ResponseEntity<ApiError> empty(EmptyResourceSetException e) {
    return error(HttpStatus.UNPROCESSABLE_CONTENT, "no_resources", e, e.details());
  }

  @ExceptionHandler({
    ChangeInProgressException.class,
    StaleAppStateException.class,
    ConcurrentStartException.class
  })
  ResponseEntity<ApiError> conflict(RuntimeException e) {
    return error(HttpStatus.CONFLICT, "change_in_progress", e, List.of());
  }

  /** A deploy or delete of a locked app (a change freeze): who locked it, when and why. */
  @ExceptionHandler(AppLockedException.class)
  ResponseEntity<ApiError> locked(AppLockedException e) {
    return error(HttpStatus.LOCKED, "app_locked", e, lockDetails(e.lock()));
  }

  /** The details of an answer about a lock: {@code lockedBy}, {@code lockedAt}, {@code reason}. */
  static List<String> lockDetails(AppLock lock) {
    return List.of(
        "lockedBy: " + lock.lockedBy(), "lockedAt: " + lock.lockedAt(), "reason: " + lock.reason());
  }

  @ExceptionHandler(OwnershipConflictException.class)
  ResponseEntity<ApiError> ownershipConflict(OwnershipConflictException e) {
    return error(HttpStatus.CONFLICT, "ownership_conflict", e, e.details());
  }

  @ExceptionHandler(RollbackRefusedException.class)
  ResponseEntity<ApiError> rollbackRefused(RollbackRefusedException e) {
    return error(e.status(), e.code(), e, e.details());
  }

  @ExceptionHandler(AppNotFoundException.class)
  ResponseEntity<ApiError> notFound(AppNotFoundException e) {
    return error(HttpStatus.NOT_FOUND, "not_found", e, List.of());
  }

  @ExceptionHandler(LiveObjectNotFoundException.class)
  ResponseEntity<ApiError> liveNotFound(LiveObjectNotFoundException e) {
    return error(HttpStatus.NOT_FOUND, "not_found", e, List.of());
  }

  @ExceptionHandler(DeployFailedException.class)
  ResponseEntity<Object> deployFailed(DeployFailedException e) {
    log.info("{} change failed: {}", e.status().value(), e.getMessage());
    return ResponseEntity.status(e.status()).body(e.body());
  }

  /** A kind the cluster does not serve: the sender's mistake, not the cluster's failure. */
  @ExceptionHandler(UnknownKindException.class)
  ResponseEntity<ApiError> unknownKind(UnknownKindException e) {
    return error(HttpStatus.UNPROCESSABLE_CONTENT, "invalid_resources", e, List.of(e.resource()));
  }

  @ExceptionHandler(ClusterException.class)
  ResponseEntity<ApiError> cluster(ClusterException e) {
    return error(HttpStatus.BAD_GATEWAY, "cluster_error", e, List.of());
  }

  @ExceptionHandler(MissingServletRequestParameterException.class)
  ResponseEntity<ApiError> missingParameter(MissingServletRequestParameterException e) {
    var message = "Query parameter " + e.getParameterName() + " is required.";
    return ApiErrorResponses.of(HttpStatus.BAD_REQUEST, "bad_parameter", message, List.of());
  }

  @ExceptionHandler({ServletRequestBindingException.class, BindException.class})
  ResponseEntity<ApiError> binding(Exception e) {
    var message = "The request lacks a parameter or header this endpoint needs.";
    return ApiErrorResponses.of(HttpStatus.BAD_REQUEST, "bad_parameter", message, List.of());
  }

  @ExceptionHandler(TypeMismatchException.class)
  ResponseEntity<ApiError> typeMismatch(TypeMismatchException e) {
    var name = e.getPropertyName() == null ? "a parameter" : e.getPropertyName();
    var message = "The value of " + name + " is not " + expected(e.getRequiredType()) + ".";
    return ApiErrorResponses.of(HttpStatus.BAD_REQUEST, "bad_parameter", message, List.of());
  }

  @ExceptionHandler(HttpMessageNotReadableException.class)
  ResponseEntity<ApiError> unreadable(HttpMessageNotReadableException e) {
    var message = "The request body could not be read.";
    return ApiErrorResponses.of(HttpStatus.BAD_REQUEST, "unparsable_body", message, List.of());
  }

  @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
  ResponseEntity<ApiError> notAcceptable(HttpMediaTypeNotAcceptableException e) {
    return RoutingErrors.notAcceptable(e);
  }

  /**
   * Last: Spring's own status exceptions keep their status; anything else is a 500 whose cause
   * stays in the log.
   */
  @ExceptionHandler(Exception.class)
  ResponseEntity<ApiError> unexpected(Exception e) {
    if (e instanceof ErrorResponse response) {
      HttpStatusCode status = response.getStatusCode();
      var reason = HttpStatus.resolve(status.value());
      var message = reason == null ? "The request failed." : reason.getReasonPhrase() + ".";
      return ApiErrorResponses.of(status, ApiErrorResponses.codeOf(status), message, List.of());
    }
    log.error("Unexpected failure of a command request", e);
    return ApiErrorResponses.of(
        HttpStatus.INTERNAL_SERVER_ERROR,
        "internal_error",
        "The server failed to handle the request; its log has the details.",
        List.of());
  }

  private static String expected(Class<?> type) {
    if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
      return "an integer";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    return "a value of the expected form";
  }

  private static ResponseEntity<ApiError> error(
      HttpStatus status, String code, Exception e, List<String> details) {
    log.info("{} {}: {}", status.value(), code, e.getMessage());
    return ApiErrorResponses.of(status, code, e.getMessage(), details);
  }
}
