package io.driftless.cli;

import java.io.PrintWriter;

/** Where a command prints: stdout, stderr, the colours in effect and the process context. */
record Ui(PrintWriter out, PrintWriter err, Colors colors, CliContext context) {

  void print(String text) {
    out.print(text);
    out.flush();
  }

  void println(String line) {
    out.println(line);
    out.flush();
  }

  void warn(String line) {
    err.println(colors.yellow("Warning: ") + line);
    err.flush();
  }

  /** Under a full page of a list: the {@code --before} value of the next one (none: nothing). */
  void nextPage(String before) {
    if (before != null && !before.isEmpty()) {
      println("");
      println("Next page: --before '" + before + "'");
    }
  }

  /** kapp's closing line of a successful command. */
  void succeeded() {
    println("");
    println(colors.green("Succeeded"));
  }
}
