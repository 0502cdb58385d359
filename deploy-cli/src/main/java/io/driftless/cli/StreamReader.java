package io.driftless.cli;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Reads a streamed command answer, one JSON object a line (docs/API.md): hands {@code plan} and
 * {@code progress} lines to the listener and returns the {@code result} line as the answer's body.
 * An error answer is not streamed; its lines are the error body.
 */
final class StreamReader {

  private StreamReader() {}

  static ApiResponse read(
      int status,
      Map<String, List<String>> headers,
      Stream<String> lines,
      StreamListener listener) {
    String result = null;
    var iterator = lines.iterator();
    var other = new StringBuilder();
    while (iterator.hasNext()) {
      var line = iterator.next();
      if (line.isBlank()) {
        continue;
      }
      var node = Json.readOrMissing(line);
      switch (node.path("type").asText("")) {
        case "plan" -> listener.plan(node);
        case "progress" -> listener.progress(node);
        case "result" -> result = line;
        default -> other.append(line).append('\n');
      }
    }
    if (result != null) {
      return new ApiResponse(status, headers, result);
    }
    if (status >= 200 && status < 300) {
      throw new CliFailure("the server's stream ended before the change's result");
    }
    return new ApiResponse(status, headers, other.toString());
  }
}
