package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code driftless projections rebuild NAME [--follow]}: starts a view's rebuild; with {@code
 * --follow} draws its progress until the swap (a bar redrawn in place on a terminal, one line per
 * change of phase otherwise) and fails if the rebuild fails.
 */
@Command(
    name = "rebuild",
    sortOptions = false,
    description = "Rebuilds a view from the event store; the live view serves until the swap.")
final class ProjectionRebuildCommand implements Callable<Integer> {

  private static final Duration POLL = Duration.ofMillis(500);

  @Parameters(index = "0", paramLabel = "NAME", description = "View name (driftless projections).")
  String name;

  @Option(names = "--follow", description = "Show the progress until the rebuild ends.")
  boolean follow;

  @Mixin ClientOptions client;

  @Override
  public Integer call() {
    var response = client.api().postToQuerySide("/api/projections/" + name + "/rebuild");
    var body = response.bodyOrThrow();
    var ui = client.ui();
    var rebuildId = ChangesView.text(Json.readOrMissing(body), "rebuildId");
    if (client.jsonOutput() && !follow) {
      return client.printJson(response);
    }
    ui.println("Rebuild " + rebuildId + " of " + name + " started");
    if (!follow) {
      return ExitCode.OK;
    }
    var last = followUntilEnd(ui);
    if ("failed".equals(ChangesView.text(last, "phase"))) {
      throw new CliFailure(
          "the rebuild of " + name + " failed: " + ChangesView.text(last, "error"));
    }
    ui.succeeded();
    return ExitCode.OK;
  }

  private JsonNode followUntilEnd(Ui ui) {
    var interactive = ui.context().terminal().interactive();
    var lastPhase = "";
    while (true) {
      var rebuild = rebuild();
      var phase = ChangesView.text(rebuild, "phase");
      var line = RebuildBar.line(rebuild);
      if (interactive) {
        ui.print("\r" + line);
      } else if (!phase.equals(lastPhase) || RebuildBar.finished(rebuild)) {
        ui.println(line);
      }
      lastPhase = phase;
      if (RebuildBar.finished(rebuild)) {
        if (interactive) {
          ui.println("");
        }
        return rebuild;
      }
      pause();
    }
  }

  private JsonNode rebuild() {
    var views = Json.readOrMissing(client.api().get("/api/projections", null).bodyOrThrow());
    for (var view : views) {
      if (name.equals(view.path("name").asText())) {
        return view.path("rebuild");
      }
    }
    return MissingNode.getInstance();
  }

  private static void pause() {
    try {
      Thread.sleep(POLL.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliFailure("interrupted");
    }
  }
}
