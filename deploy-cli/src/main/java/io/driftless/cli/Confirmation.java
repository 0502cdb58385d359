package io.driftless.cli;

/** kapp's {@code Continue? [yN]:}: only {@code y} goes on; anything else stops, as kapp's does. */
final class Confirmation {

  private Confirmation() {}

  static void ask(Ui ui) {
    ui.println("");
    ui.print("Continue? [yN]: ");
    var answer = ui.context().terminal().readLine();
    if (answer == null || !answer.strip().equalsIgnoreCase("y")) {
      throw new CliFailure("Stopped");
    }
  }
}
