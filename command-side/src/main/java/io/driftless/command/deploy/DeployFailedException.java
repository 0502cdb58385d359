package io.driftless.command.deploy;

/** The cluster refused or failed an operation during a change; the change was recorded failed. */
final class DeployFailedException extends RuntimeException {

  private final String changeId;

  DeployFailedException(String changeId, String message, Throwable cause) {
    super(message, cause);
    this.changeId = changeId;
  }

  String changeId() {
    return changeId;
  }
}
