package io.driftless.command.deploy;

import java.util.List;

/** The cluster refused or failed an operation during a change; the change was recorded failed. */
final class DeployFailedException extends RuntimeException {

  private final String changeId;
  private final DeployResponse response;

  DeployFailedException(String changeId, String message, Throwable cause) {
    this(changeId, message, cause, null);
  }

  /** A failure answered with the change's response (each change with its result). */
  DeployFailedException(String changeId, String message, Throwable cause, DeployResponse response) {
    super(message, cause);
    this.changeId = changeId;
    this.response = response;
  }

  String changeId() {
    return changeId;
  }

  /** The 502 body: the response with the error fields, or the plain error shape without one. */
  Object body() {
    var details = List.of("changeId: " + changeId);
    return response == null
        ? new ApiError("cluster_error", getMessage(), details)
        : new DeployFailure(response, "cluster_error", getMessage(), details);
  }
}
