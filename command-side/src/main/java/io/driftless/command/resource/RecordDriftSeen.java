package io.driftless.command.resource;

import io.driftless.events.FieldChange;
import io.driftless.events.ResourceRef;
import java.time.Instant;
import java.util.List;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Record what the watch saw of an owned object that changed outside Driftless: the owned fields
 * whose live value differs from the desired one ({@code io.driftless.command.drift.DriftDiff}),
 * none when the object is back in line. The ResourceChange decides whether that is news ({@code
 * DriftDetected}, {@code DriftCorrected}) or nothing.
 *
 * @param resourceVersion the live object's resourceVersion as the watch saw it: equal to the one
 *     recorded after the app's last write, it is that write's echo and records nothing
 * @param fields the drifted fields: {@code from} the live value, {@code to} the desired one, {@code
 *     changedBy} the live value's field manager
 */
public record RecordDriftSeen(
    @TargetAggregateIdentifier String resourceId,
    String appId,
    ResourceRef resource,
    String resourceVersion,
    List<FieldChange> fields,
    Instant at) {

  /** Copies the fields. */
  public RecordDriftSeen {
    fields = List.copyOf(fields);
  }
}
