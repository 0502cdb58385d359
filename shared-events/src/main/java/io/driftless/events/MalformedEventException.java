package io.driftless.events;

/** A message that cannot be read as a Driftless event: it is parked with this reason. */
public final class MalformedEventException extends RuntimeException {

  /** Creates the exception with the reason a consumer records when parking. */
  public MalformedEventException(String reason, Throwable cause) {
    super(reason, cause);
  }
}
