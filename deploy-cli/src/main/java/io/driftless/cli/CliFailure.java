package io.driftless.cli;

import java.util.List;

/** A failure the user should read (no stack trace): a message and optional detail lines. */
final class CliFailure extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final transient List<String> details;

  CliFailure(String message) {
    this(message, List.of());
  }

  CliFailure(String message, List<String> details) {
    super(message);
    this.details = List.copyOf(details);
  }

  List<String> details() {
    return details;
  }
}
