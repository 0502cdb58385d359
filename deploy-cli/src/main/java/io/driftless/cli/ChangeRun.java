package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Runs one deploy, reconcile, delete or rollback and prints it as kapp does: the Changes view, the
 * progress lines as they stream, then {@code Succeeded} once the history view shows the change (see
 * {@link ViewWait}). A change the server reports as failed is an error naming each failed resource,
 * once the history view shows it too (so that {@code app-change show} right after finds it
 * finished).
 */
final class ChangeRun {

  /** How long the CLI waits for the query side to show a change it made. */
  static final Duration VIEW_TIMEOUT = Duration.ofSeconds(30);

  static final String TIMINGS_VARIABLE = "DRIFTLESS_TIMINGS";

  /** The API's error code of a deploy or delete refused by a lock (a change freeze). */
  static final String APP_LOCKED = "app_locked";

  private final ClientOptions client;
  private final AppRef app;
  private final boolean diffChanges;
  private boolean planShown;

  ChangeRun(ClientOptions client, AppRef app, boolean diffChanges) {
    this.client = client;
    this.app = app;
    this.diffChanges = diffChanges;
  }

  /** The plan was printed already (before the prompt): the stream's plan is not printed again. */
  ChangeRun planShown() {
    this.planShown = true;
    return this;
  }

  /**
   * kapp's flow: on a terminal, without {@code --yes}, {@code --diff-run} or {@code --json}, the
   * plan from a dry run ({@code request.apply(true)}) and {@code Continue? [yN]:} when something
   * would change; then the change itself ({@code request.apply(diffRun)}), which the server plans
   * again (a change made in between is applied as it then stands).
   */
  JsonNode runConfirmed(Function<Boolean, CommandRequest> request, boolean diffRun, boolean yes) {
    if (!diffRun && !yes && !client.jsonOutput() && client.context().terminal().interactive()) {
      var plan = run(request.apply(true));
      if (ChangesView.hasChanges(plan)) {
        Confirmation.ask(client.ui());
      }
      planShown();
    }
    return run(request.apply(diffRun));
  }

  /** Sends the command and prints it; returns the answer for exit-status decisions. */
  JsonNode run(CommandRequest request) {
    var ui = client.ui();
    var printer = new ProgressPrinter(ui, diffChanges, planShown);
    var listener = client.jsonOutput() ? StreamListener.IGNORE : printer;
    var response = client.api().command(request, listener);
    var resultAt = System.nanoTime();
    if (!response.successful()) {
      // A change that was recorded and failed (a 5xx with the change) is in the history too.
      awaitView(response, Json.readOrMissing(response.body()));
      throw failure(response, app);
    }
    var answer = withoutType(Json.readObject(response.body()));
    if (client.jsonOutput()) {
      ui.println(answer.toString());
    } else {
      printer.showRestOf(answer);
    }
    if (!answer.path("successful").asBoolean(true)) {
      awaitView(response, answer);
      throw failed(answer);
    }
    awaitView(response, answer);
    timing(ui, resultAt);
    return answer;
  }

  /** Prints kapp's closing line (text output only). */
  void succeeded() {
    if (!client.jsonOutput()) {
      client.ui().succeeded();
    }
  }

  private void awaitView(ApiResponse response, JsonNode answer) {
    if (answer.path("dryRun").asBoolean(false) || !answer.path("changeId").isTextual()) {
      return;
    }
    ViewWait.awaitRecorded(client, app, response, answer, VIEW_TIMEOUT);
  }

  private void timing(Ui ui, long resultAt) {
    if (ui.context().environment().containsKey(TIMINGS_VARIABLE)) {
      var millis = (System.nanoTime() - resultAt) / 1_000_000;
      ui.err().println("timing: result to view caught up: " + millis + " ms");
      ui.err().flush();
    }
  }

  private static JsonNode withoutType(JsonNode answer) {
    if (answer instanceof ObjectNode object && answer.has("type")) {
      var copy = object.deepCopy();
      copy.remove("type");
      return copy;
    }
    return answer;
  }

  private static CliFailure failure(ApiResponse response, AppRef app) {
    var error = ApiErrors.of(response);
    var details = new ArrayList<>(error.details());
    details.addAll(failedChanges(Json.readOrMissing(response.body())));
    if (APP_LOCKED.equals(error.error())) {
      details.add(
          "the locker or an admin lifts the lock: driftless unlock -a "
              + app.name()
              + " -n "
              + app.namespace());
    }
    return new CliFailure(error.message(), details);
  }

  private static CliFailure failed(JsonNode answer) {
    var message = answer.path("message").asText("");
    if (message.isEmpty()) {
      message = "the change failed: " + answer.path("description").asText("");
    }
    var details = new ArrayList<String>();
    answer.path("details").forEach(detail -> details.add(detail.asText()));
    details.addAll(failedChanges(answer));
    return new CliFailure(message, details);
  }

  private static List<String> failedChanges(JsonNode answer) {
    var lines = new ArrayList<String>();
    for (var change : answer.path("changes")) {
      if ("failed".equals(change.path("result").asText())) {
        var error = ChangesView.text(change, "error");
        lines.add(
            change.path("op").asText()
                + " "
                + ChangesView.describe(change)
                + (error.isEmpty() ? "" : ": " + error));
      }
    }
    return lines;
  }
}
