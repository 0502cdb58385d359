package io.driftless.cli;

/** ANSI colours as kapp uses them: create green, delete and errors red, updates yellow. */
record Colors(boolean enabled) {

  private static final String RESET = "\u001b[0m";

  String green(String text) {
    return paint("\u001b[32m", text);
  }

  String red(String text) {
    return paint("\u001b[31m", text);
  }

  String yellow(String text) {
    return paint("\u001b[33m", text);
  }

  String bold(String text) {
    return paint("\u001b[1m", text);
  }

  /** The colour of an op in the Changes table. */
  String op(String op) {
    return switch (op) {
      case "create" -> green(op);
      case "delete" -> red(op);
      case "update" -> yellow(op);
      default -> op;
    };
  }

  /** The visible width of a cell that may hold colour codes. */
  static int width(String text) {
    return text.replaceAll("\u001b\\[[0-9;]*m", "").length();
  }

  private String paint(String code, String text) {
    return enabled && !text.isEmpty() ? code + text + RESET : text;
  }
}
