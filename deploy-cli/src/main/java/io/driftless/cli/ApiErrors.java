package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.shared.ApiError;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads an error answer of the API into its shape, {@link ApiError} ({@code
 * {"error","message","details"}}, the record the servers write). A body that does not have that
 * shape (a proxy's HTML page, say) still yields a message naming the HTTP status.
 */
final class ApiErrors {

  private ApiErrors() {}

  static ApiError of(ApiResponse response) {
    var body = Json.readOrMissing(response.body());
    var message = body.path("message").asText("");
    if (message.isBlank()) {
      var text =
          response.body().isBlank() ? List.<String>of() : List.of(Text.abbreviate(response.body()));
      return new ApiError(null, "the server answered HTTP " + response.status(), text);
    }
    var code = body.path("error").isTextual() ? body.path("error").asText() : null;
    return new ApiError(code, message, details(body.path("details")));
  }

  /** The error answer as a failure the user reads: its message and detail lines. */
  static CliFailure failure(ApiResponse response) {
    var error = of(response);
    return new CliFailure(error.message(), error.details());
  }

  private static List<String> details(JsonNode details) {
    var lines = new ArrayList<String>();
    if (details.isArray()) {
      details.forEach(detail -> lines.add(line(detail)));
    } else if (!details.isMissingNode() && !details.isNull()) {
      lines.add(line(details));
    }
    return lines;
  }

  private static String line(JsonNode detail) {
    return detail.isTextual() ? detail.asText() : detail.toString();
  }
}
