package io.driftless.cli;

/** {@code --color}: auto colours on a terminal unless {@code NO_COLOR} is set. */
enum ColorMode {
  AUTO,
  ALWAYS,
  NEVER;

  boolean enabled(boolean terminal, boolean noColor) {
    return this == ALWAYS || (this == AUTO && terminal && !noColor);
  }
}
