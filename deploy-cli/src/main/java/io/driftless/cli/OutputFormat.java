package io.driftless.cli;

/** The {@code -o} formats of a command's answer. */
enum OutputFormat {
  TEXT,
  JSON
}
