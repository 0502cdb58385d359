package io.driftless.command.deploy;

import io.driftless.shared.ApiError;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.stream.Collectors;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.HttpMediaTypeNotAcceptableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.NoHandlerFoundException;
import org.springframework.web.servlet.resource.NoResourceFoundException;

/**
 * The error shape for requests no controller takes: an unknown path (404 {@code not_found}), a
 * method the path does not serve (405 {@code method_not_allowed}, with {@code Allow}), a body type
 * or {@code Accept} no mapping matches (415, 406). These fail before a controller is chosen, so
 * only an advice without a package scope sees them. The query side has its own with the same codes
 * and shape; in the standalone server either may answer. It handles only these routing exceptions,
 * so it never takes another controller's failures.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
class RoutingErrors {

  private static final int MAX_PATH = 200;

  @ExceptionHandler({NoResourceFoundException.class, NoHandlerFoundException.class})
  ResponseEntity<ApiError> notFound(HttpServletRequest request) {
    var message = "Nothing is served at " + request.getMethod() + " " + path(request) + ".";
    return ApiErrorResponses.of(HttpStatus.NOT_FOUND, "not_found", message, List.of());
  }

  @ExceptionHandler(HttpRequestMethodNotSupportedException.class)
  ResponseEntity<ApiError> methodNotAllowed(
      HttpRequestMethodNotSupportedException e, HttpServletRequest request) {
    var allowed =
        e.getSupportedHttpMethods() == null
            ? ""
            : e.getSupportedHttpMethods().stream()
                .map(Object::toString)
                .sorted()
                .collect(Collectors.joining(", "));
    var message =
        e.getMethod()
            + " is not allowed on "
            + path(request)
            + (allowed.isEmpty() ? "." : "; allowed: " + allowed + ".");
    var response =
        ResponseEntity.status(HttpStatus.METHOD_NOT_ALLOWED)
            .contentType(MediaType.APPLICATION_JSON);
    if (!allowed.isEmpty()) {
      response.header(HttpHeaders.ALLOW, allowed);
    }
    return response.body(
        new ApiError(
            "method_not_allowed",
            message,
            allowed.isEmpty() ? List.of() : List.of("allowed: " + allowed)));
  }

  @ExceptionHandler(HttpMediaTypeNotSupportedException.class)
  ResponseEntity<ApiError> unsupportedMediaType(HttpMediaTypeNotSupportedException e) {
    var accepted =
        e.getSupportedMediaTypes().stream().map(Object::toString).collect(Collectors.joining(", "));
    var message =
        "The Content-Type "
            + (e.getContentType() == null ? "(none)" : e.getContentType().toString())
            + " is not accepted here"
            + (accepted.isEmpty() ? "." : "; send one of " + accepted + ".");
    return ApiErrorResponses.of(
        HttpStatus.UNSUPPORTED_MEDIA_TYPE,
        "unsupported_media_type",
        message,
        accepted.isEmpty() ? List.of() : List.of("accepted: " + accepted));
  }

  @ExceptionHandler(HttpMediaTypeNotAcceptableException.class)
  ResponseEntity<ApiError> notAcceptableHere(HttpMediaTypeNotAcceptableException e) {
    return notAcceptable(e);
  }

  static ResponseEntity<ApiError> notAcceptable(HttpMediaTypeNotAcceptableException e) {
    return ApiErrorResponses.of(
        HttpStatus.NOT_ACCEPTABLE,
        "not_acceptable",
        "None of the types the Accept header lists can be produced; accept application/json.",
        List.of());
  }

  private static String path(HttpServletRequest request) {
    var path = request.getRequestURI();
    return path.length() > MAX_PATH ? path.substring(0, MAX_PATH) + "..." : path;
  }
}
