package io.driftless.query.api;

import java.util.List;

/** A query parameter that does not parse or is out of range (400, naming it). */
public final class BadParameterException extends RuntimeException {

  private final String parameter;

  /**
   * @param parameter the parameter's name
   * @param accepted what it accepts, e.g. {@code "a whole number from 1 to 1000"}
   * @param value what it got
   */
  public BadParameterException(String parameter, String accepted, String value) {
    super(parameter + " must be " + accepted + ", got '" + value + "'");
    this.parameter = parameter;
  }

  List<String> details() {
    return List.of("parameter: " + parameter);
  }
}
