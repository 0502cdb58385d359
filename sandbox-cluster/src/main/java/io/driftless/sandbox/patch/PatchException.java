package io.driftless.sandbox.patch;

/** A patch the API server cannot apply: answered {@code 400 BadRequest} (or its own code). */
public final class PatchException extends RuntimeException {

  private final int code;
  private final String reason;

  public PatchException(String message) {
    this(400, "BadRequest", message);
  }

  public PatchException(int code, String reason, String message) {
    super(message);
    this.code = code;
    this.reason = reason;
  }

  public int code() {
    return code;
  }

  public String reason() {
    return reason;
  }
}
