package io.driftless.sandbox.patch;

import com.fasterxml.jackson.databind.node.ObjectNode;

/** A patch the API server cannot apply: answered {@code 400 BadRequest} (or its own code). */
public final class PatchException extends RuntimeException {

  private final int code;
  private final String reason;
  private final transient ObjectNode details;

  public PatchException(String message) {
    this(400, "BadRequest", message);
  }

  public PatchException(int code, String reason, String message) {
    this(code, reason, message, null);
  }

  /** A refusal whose Status carries {@code details} (a conflict's causes). */
  public PatchException(int code, String reason, String message, ObjectNode details) {
    super(message);
    this.code = code;
    this.reason = reason;
    this.details = details;
  }

  /** The Status details, or null. */
  public ObjectNode details() {
    return details;
  }

  public int code() {
    return code;
  }

  public String reason() {
    return reason;
  }
}
