package io.driftless.query.api;

import io.driftless.shared.ApiError;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * Maps the query controllers' failures to API.md's error shape. First in line: it only applies to
 * this side's controllers, so in the standalone server no other advice answers for them.
 */
@RestControllerAdvice(basePackages = "io.driftless.query")
@Order(Ordered.HIGHEST_PRECEDENCE)
class QueryErrors {

  private static final Logger log = LoggerFactory.getLogger(QueryErrors.class);

  @ExceptionHandler(NotFoundException.class)
  ResponseEntity<ApiError> notFound(NotFoundException e) {
    return error(HttpStatus.NOT_FOUND, "not_found", e.getMessage(), List.of());
  }

  @ExceptionHandler(ConflictException.class)
  ResponseEntity<ApiError> conflict(ConflictException e) {
    return error(HttpStatus.CONFLICT, e.code(), e.getMessage(), List.of());
  }

  @ExceptionHandler(NotBuiltException.class)
  ResponseEntity<ApiError> notBuilt(NotBuiltException e) {
    return error(HttpStatus.SERVICE_UNAVAILABLE, "view_not_built", e.getMessage(), List.of());
  }

  @ExceptionHandler(BadParameterException.class)
  ResponseEntity<ApiError> badParameter(BadParameterException e) {
    return error(HttpStatus.BAD_REQUEST, "bad_parameter", e.getMessage(), e.details());
  }

  @ExceptionHandler(MethodArgumentTypeMismatchException.class)
  ResponseEntity<ApiError> typeMismatch(MethodArgumentTypeMismatchException e) {
    return error(
        HttpStatus.BAD_REQUEST,
        "bad_parameter",
        e.getName() + " does not parse: '" + e.getValue() + "'",
        List.of("parameter: " + e.getName()));
  }

  /**
   * Spring's own request errors (406, 400 for a missing parameter, ...) keep their status and
   * message; any other failure is logged in full and answered without internals.
   */
  @ExceptionHandler(Exception.class)
  ResponseEntity<ApiError> unexpected(Exception e) {
    if (e instanceof ErrorResponse web) {
      var status = HttpStatus.valueOf(web.getStatusCode().value());
      var detail = web.getBody().getDetail();
      return error(
          status,
          status.getReasonPhrase().toLowerCase(Locale.ROOT).replace(' ', '_'),
          detail == null ? status.getReasonPhrase() : detail,
          List.of());
    }
    log.error("Query failed", e);
    return error(
        HttpStatus.INTERNAL_SERVER_ERROR,
        "internal_error",
        "the query failed; the query side's log has the cause",
        List.of());
  }

  static ResponseEntity<ApiError> error(
      HttpStatus status, String code, String message, List<String> details) {
    return ResponseEntity.status(status).body(new ApiError(code, message, details));
  }
}
