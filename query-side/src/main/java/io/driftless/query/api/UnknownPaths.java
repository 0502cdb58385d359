package io.driftless.query.api;

import io.driftless.shared.ApiError;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * Requests no controller takes: unknown paths (404) and known paths with another method (405), in
 * API.md's error shape rather than Spring's error page. It applies to every handler, as it must:
 * such requests have none (or only the static resource handler). In the standalone server the
 * command side's advice may answer these first, in the same shape.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
class UnknownPaths {

  @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
  ResponseEntity<ApiError> unknownPath(HttpServletRequest request) {
    return QueryErrors.error(
        HttpStatus.NOT_FOUND,
        "not_found",
        "no such path: " + request.getMethod() + " " + request.getRequestURI(),
        List.of());
  }

  @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
  ResponseEntity<ApiError> wrongMethod(HttpRequestMethodNotSupportedException e) {
    var allowed =
        e.getSupportedMethods() == null ? List.<String>of() : List.of(e.getSupportedMethods());
    return QueryErrors.error(
        HttpStatus.METHOD_NOT_ALLOWED,
        "method_not_allowed",
        e.getMethod() + " is not allowed here; allowed: " + String.join(", ", allowed),
        allowed);
  }
}
