package io.driftless.command.deploy;

import io.driftless.shared.ApiError;
import java.util.List;
import java.util.Locale;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/** The command side's answers in the error shape ({@link ApiError}, shared-events). */
final class ApiErrorResponses {

  private ApiErrorResponses() {}

  /**
   * The response for an error. Always JSON, whatever the request's {@code Accept} says: a client
   * that asked for something else still gets a readable answer instead of a second failure.
   */
  static ResponseEntity<ApiError> of(
      HttpStatusCode status, String code, String message, List<String> details) {
    return ResponseEntity.status(status)
        .contentType(MediaType.APPLICATION_JSON)
        .body(new ApiError(code, message, details));
  }

  /** A code for a status no handler names: {@code not_found}, {@code bad_request}, ... */
  static String codeOf(HttpStatusCode status) {
    if (status.value() == HttpStatus.CONTENT_TOO_LARGE.value()) {
      return "too_large";
    }
    var known = HttpStatus.resolve(status.value());
    return known == null ? "error" : known.name().toLowerCase(Locale.ROOT);
  }
}
