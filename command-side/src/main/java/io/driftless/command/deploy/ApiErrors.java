package io.driftless.command.deploy;

import io.driftless.command.app.ChangeInProgressException;
import io.driftless.command.app.StaleAppStateException;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.ownership.OwnershipConflictException;
import io.driftless.diff.resources.ManifestException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** Maps failures to API.md's status codes and error shape. */
@RestControllerAdvice
class ApiErrors {

  private static final Logger log = LoggerFactory.getLogger(ApiErrors.class);

  @ExceptionHandler(ManifestException.class)
  ResponseEntity<ApiError> manifest(ManifestException e) {
    return switch (e.reason()) {
      case UNPARSABLE -> error(HttpStatus.BAD_REQUEST, "unparsable_body", e, e.details());
      case INVALID -> error(HttpStatus.UNPROCESSABLE_CONTENT, "invalid_resources", e, e.details());
      case TOO_MANY_RESOURCES -> error(HttpStatus.CONTENT_TOO_LARGE, "too_large", e, e.details());
    };
  }

  @ExceptionHandler(BodyTooLargeException.class)
  ResponseEntity<ApiError> tooLarge(BodyTooLargeException e) {
    return error(HttpStatus.CONTENT_TOO_LARGE, "too_large", e, List.of());
  }

  @ExceptionHandler({ChangeInProgressException.class, StaleAppStateException.class})
  ResponseEntity<ApiError> conflict(RuntimeException e) {
    return error(HttpStatus.CONFLICT, "change_in_progress", e, List.of());
  }

  @ExceptionHandler(OwnershipConflictException.class)
  ResponseEntity<ApiError> ownershipConflict(OwnershipConflictException e) {
    return error(HttpStatus.CONFLICT, "ownership_conflict", e, e.details());
  }

  @ExceptionHandler(AppNotFoundException.class)
  ResponseEntity<ApiError> notFound(AppNotFoundException e) {
    return error(HttpStatus.NOT_FOUND, "not_found", e, List.of());
  }

  @ExceptionHandler(DeployFailedException.class)
  ResponseEntity<Object> deployFailed(DeployFailedException e) {
    log.info("{} cluster_error: {}", HttpStatus.BAD_GATEWAY.value(), e.getMessage());
    return ResponseEntity.status(HttpStatus.BAD_GATEWAY).body(e.body());
  }

  @ExceptionHandler(ClusterException.class)
  ResponseEntity<ApiError> cluster(ClusterException e) {
    return error(HttpStatus.BAD_GATEWAY, "cluster_error", e, List.of());
  }

  private static ResponseEntity<ApiError> error(
      HttpStatus status, String code, Exception e, List<String> details) {
    log.info("{} {}: {}", status.value(), code, e.getMessage());
    return ResponseEntity.status(status).body(new ApiError(code, e.getMessage(), details));
  }
}
