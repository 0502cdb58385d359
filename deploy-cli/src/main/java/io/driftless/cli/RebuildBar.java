package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;

/** A rebuild's progress as one line: {@code [#####.....] 50% 500/1000 events bulk ...}. */
final class RebuildBar {

  private static final int WIDTH = 30;

  private RebuildBar() {}

  static String line(JsonNode rebuild) {
    var done = rebuild.path("done").asLong(0);
    var total = rebuild.path("total").asLong(0);
    var fraction =
        total <= 0 ? (finished(rebuild) ? 1.0 : 0.0) : Math.min(1.0, done / (double) total);
    var filled = (int) Math.round(fraction * WIDTH);
    var eta = ChangesView.text(rebuild, "eta");
    return String.format(
        "[%s%s] %3d%%  %d/%d events  %s  %.0f ev/s%s",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled),
        Math.round(fraction * 100),
        done,
        total,
        ChangesView.text(rebuild, "phase"),
        rebuild.path("eventsPerSecond").asDouble(0),
        eta.isEmpty() ? "" : "  eta " + eta);
  }

  /** The Rebuild cell of the projections table. */
  static String summary(JsonNode rebuild) {
    if (rebuild.isMissingNode() || rebuild.isNull()) {
      return "";
    }
    return ChangesView.text(rebuild, "phase")
        + " "
        + rebuild.path("done").asLong(0)
        + "/"
        + rebuild.path("total").asLong(0);
  }

  static boolean finished(JsonNode rebuild) {
    var phase = rebuild.path("phase").asText("");
    return phase.equals("swapped") || phase.equals("failed");
  }
}
