package io.driftless.command.cluster;

import io.driftless.diff.resources.ResourceKey;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A server-side apply the cluster refused because other field managers own fields it sets ({@code
 * 409}, causes of reason {@code FieldManagerConflict}): answered {@code 409 field_conflict}, one
 * detail per field ({@code apps/v1 Deployment default/web: .spec.replicas is owned by
 * kubectl-edit}). {@code forceConflicts=true} takes the fields instead.
 */
public final class FieldConflictException extends ClusterException {

  private final List<String> conflicts;

  FieldConflictException(String message, List<String> conflicts, Throwable cause) {
    super(message, 409, cause);
    this.conflicts = List.copyOf(conflicts);
  }

  /** The conflicting fields, each with the object and the manager that owns it. */
  public List<String> conflicts() {
    return conflicts;
  }

  /** The conflict {@code e} reports, if it is one (409 with field-manager causes). */
  static Optional<FieldConflictException> of(ResourceKey key, KubernetesClientException e) {
    var status = e.getStatus();
    if (e.getCode() != 409 || status == null || status.getDetails() == null) {
      return Optional.empty();
    }
    var conflicts = new ArrayList<String>();
    for (var cause : status.getDetails().getCauses()) {
      if ("FieldManagerConflict".equals(cause.getReason())) {
        conflicts.add(key.id() + ": " + cause.getField() + " (" + cause.getMessage() + ")");
      }
    }
    if (conflicts.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        new FieldConflictException(
            "apply " + key.id() + " failed (409): " + status.getMessage(), conflicts, e));
  }
}
