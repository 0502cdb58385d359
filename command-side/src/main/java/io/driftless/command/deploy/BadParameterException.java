package io.driftless.command.deploy;

import java.util.List;

/** Query parameters of a command that do not parse (400 {@code bad_parameter}). */
final class BadParameterException extends RuntimeException {

  private final List<String> details;

  /**
   * Creates the exception.
   *
   * @param message one sentence for a person
   * @param details one entry per problem, each starting with the parameter's name
   */
  BadParameterException(String message, List<String> details) {
    super(message);
    this.details = List.copyOf(details);
  }

  List<String> details() {
    return details;
  }
}
