package io.driftless.command.deploy;

import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.FieldConflictException;
import io.driftless.shared.ApiError;
import java.util.ArrayList;
import org.springframework.http.HttpStatus;

/**
 * A change failed and was recorded failed: the cluster refused or failed an operation ({@code 502
 * cluster_error}), or the apply path failed on another exception, a fault of this server ({@code
 * 500 internal_error}, with the exception's message, which the change recorded as its reason).
 */
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

  /** The same failure whose answer names the change a rollback deployed again. */
  DeployFailedException withRolledBackTo(String rolledBackTo) {
    var tagged =
        new DeployFailedException(
            changeId,
            getMessage(),
            getCause(),
            response == null ? null : response.withRolledBackTo(rolledBackTo));
    tagged.setStackTrace(getStackTrace());
    return tagged;
  }

  String changeId() {
    return changeId;
  }

  /** Whether the cluster failed (502) rather than this server (500). */
  boolean clusterFailed() {
    return getCause() == null || getCause() instanceof ClusterException;
  }

  /**
   * 409 for a server-side apply's field conflict, 502 when the cluster failed otherwise, 500 when
   * the apply path did.
   */
  HttpStatus status() {
    if (getCause() instanceof FieldConflictException) {
      return HttpStatus.CONFLICT;
    }
    return clusterFailed() ? HttpStatus.BAD_GATEWAY : HttpStatus.INTERNAL_SERVER_ERROR;
  }

  /** The error code: {@code field_conflict}, {@code cluster_error} or {@code internal_error}. */
  String code() {
    if (getCause() instanceof FieldConflictException) {
      return "field_conflict";
    }
    return clusterFailed() ? "cluster_error" : "internal_error";
  }

  /**
   * The body: the response with the error fields, or the plain error shape without one. A field
   * conflict lists each conflicting field, with its object and manager, after the change id.
   */
  Object body() {
    var details = new ArrayList<String>();
    details.add("changeId: " + changeId);
    if (getCause() instanceof FieldConflictException conflict) {
      details.addAll(conflict.conflicts());
    }
    var code = code();
    return response == null
        ? new ApiError(code, getMessage(), details)
        : new DeployFailure(response, code, getMessage(), details);
  }
}
