package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * An error answer of the API, {@code {"error","message","details"}}. A body that does not have that
 * shape (a proxy's HTML page, say) still yields a message naming the HTTP status.
 */
record ApiError(String message, List<String> details) {

  static ApiError of(ApiResponse response) {
    var body = Json.readOrMissing(response.body());
    var message = body.path("message").asText("");
    if (message.isBlank()) {
      var text =
          response.body().isBlank() ? List.<String>of() : List.of(Text.abbreviate(response.body()));
      return new ApiError("the server answered HTTP " + response.status(), text);
    }
    return new ApiError(message, details(body.path("details")));
  }

  CliFailure toFailure() {
    return new CliFailure(message, details);
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
