package io.driftless.events;

import java.time.Instant;
import java.util.List;

/**
 * Drift: the cluster's watch saw someone else change fields of an object the app owns, fields the
 * app's desired object sets, away from their desired values. Recorded by the ResourceChange (not
 * only sent) once per drift: a later sighting of the same fields at the same live values records
 * nothing, a new field or a new live value records another {@code DriftDetected} with just those
 * fields. Driftless's own writes never produce one. The drift ends with {@link DriftCorrected}.
 *
 * @param resourceId the ResourceChange aggregate id
 * @param appId the App aggregate id
 * @param changeId the change that last wrote the object (the desired state the drift departs from)
 * @param resource which object
 * @param fields the drifted fields as the next reconcile would write them back: {@code from} the
 *     live value (a Secret's only as its keyed fingerprint), {@code to} the desired value, {@code
 *     decidedBy} {@code desired}, {@code changedBy} the field manager that wrote the live value
 *     according to the live object's {@code managedFields} ({@code kubectl-edit}, {@code
 *     kubectl-client-side-apply}, ...), null when the cluster keeps no record of it
 * @param at when the watch saw it
 */
public record DriftDetected(
    String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    List<FieldChange> fields,
    Instant at)
    implements ResourceEvent {

  /** Copies the fields. */
  public DriftDetected {
    fields = fields == null ? List.of() : List.copyOf(fields);
  }
}
