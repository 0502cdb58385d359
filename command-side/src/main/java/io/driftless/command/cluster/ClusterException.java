package io.driftless.command.cluster;

/**
 * The cluster refused or failed an operation; the HTTP status is kept when there was one. Open for
 * {@link UnknownKindException} only.
 */
public class ClusterException extends RuntimeException {

  private final int status;

  public ClusterException(String message, int status, Throwable cause) {
    super(message, cause);
    this.status = status;
  }

  /** The API server's HTTP status, 0 when it could not be reached. */
  public int status() {
    return status;
  }
}
