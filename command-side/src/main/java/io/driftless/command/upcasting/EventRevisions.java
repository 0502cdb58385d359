package io.driftless.command.upcasting;

import io.driftless.events.AppChangeStarted;
import java.util.Map;
import org.axonframework.serialization.RevisionResolver;

/**
 * The payload revision the event store records with each event type: a map, since the event records
 * (shared-events) carry no Axon annotation. A type not named has no revision (null), as every event
 * stored before revisions existed. Raise a type's revision when its stored shape changes in a way
 * older readers must be told of, and add the upcaster from the previous one. A new event type
 * ({@code DriftDetected}, {@code DriftCorrected}) starts with no revision and needs no upcaster: no
 * older store holds it.
 *
 * <ul>
 *   <li>{@link AppChangeStarted} {@value #APP_CHANGE_STARTED}: with {@code provenance} (issue 27);
 *       older ones are lifted by {@link ProvenanceUpcaster}.
 * </ul>
 */
public final class EventRevisions implements RevisionResolver {

  /** {@link AppChangeStarted}'s revision since it carries provenance. */
  public static final String APP_CHANGE_STARTED = "2";

  private static final Map<String, String> REVISIONS =
      Map.of(AppChangeStarted.class.getName(), APP_CHANGE_STARTED);

  @Override
  public String revisionOf(Class<?> payloadType) {
    return REVISIONS.get(payloadType.getName());
  }
}
