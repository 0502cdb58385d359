package io.driftless.query.api;

/** A request that conflicts with work in progress: 409 with the given error code. */
public class ConflictException extends RuntimeException {

  private final String code;

  public ConflictException(String code, String message) {
    super(message);
    this.code = code;
  }

  public String code() {
    return code;
  }
}
