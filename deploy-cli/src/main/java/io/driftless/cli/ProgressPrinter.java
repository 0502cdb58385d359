package io.driftless.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * Prints a streamed change as kapp does: the plan (Changes view) unless it was shown before the
 * prompt, then each progress line stamped with its time in kapp's {@code 3:04:05PM} form, and a
 * detail line as kapp's {@code ^ ...}.
 */
final class ProgressPrinter implements StreamListener {

  private static final DateTimeFormatter KAPP_TIME =
      DateTimeFormatter.ofPattern("h:mm:ssa", Locale.ROOT);

  private final Ui ui;
  private final boolean diffChanges;
  private boolean planShown;
  private boolean diffsShown;
  private boolean progressShown;

  ProgressPrinter(Ui ui, boolean diffChanges, boolean planShown) {
    this.ui = ui;
    this.diffChanges = diffChanges;
    this.planShown = planShown;
  }

  @Override
  public void plan(JsonNode plan) {
    if (!planShown) {
      showPlan(plan);
    }
  }

  @Override
  public void progress(JsonNode progress) {
    if (!progressShown) {
      ui.println("");
      progressShown = true;
    }
    var time = time(progress.path("at").asText(""));
    ui.println(time + ": " + progress.path("line").asText(""));
    for (var detail : progress.path("detail")) {
      ui.println(time + ":  ^ " + detail.asText());
    }
  }

  /**
   * Shows the plan from the final answer when the server did not stream one; the line diffs too
   * when the streamed plan had none (the stream's plan leaves them out, docs/API.md).
   */
  void showRestOf(JsonNode answer) {
    if (!planShown) {
      showPlan(answer);
    } else if (diffChanges && !diffsShown) {
      ui.println("");
      ui.print(ChangesView.diffs(answer));
      diffsShown = true;
    }
  }

  private void showPlan(JsonNode plan) {
    var diffs = ChangesView.diffs(plan);
    if (diffChanges && !diffs.isEmpty()) {
      ui.print(diffs);
      diffsShown = true;
    }
    ui.print(ChangesView.render(plan, ui.colors()));
    planShown = true;
  }

  private String time(String at) {
    Instant instant;
    try {
      instant = at.isEmpty() ? ui.context().clock().instant() : Instant.parse(at);
    } catch (DateTimeParseException e) {
      instant = ui.context().clock().instant();
    }
    return KAPP_TIME.format(instant.atZone(zone()));
  }

  private ZoneId zone() {
    return ui.context().clock().getZone();
  }
}
