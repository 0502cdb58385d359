package io.driftless.command.upcasting;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.Provenance;
import org.axonframework.serialization.SimpleSerializedType;
import org.axonframework.serialization.upcasting.event.IntermediateEventRepresentation;
import org.axonframework.serialization.upcasting.event.SingleEventUpcaster;

/**
 * Lifts an {@link AppChangeStarted} stored before provenance existed (no revision) to revision
 * {@value EventRevisions#APP_CHANGE_STARTED}: it adds {@code provenance: {"actor": "unknown",
 * "meta": {}}} ({@link Provenance#unknown()}), so history written before issue 27 reads as done by
 * an unknown actor. A stored event that already has a {@code provenance} (written by a build
 * between the field and its revision) keeps it. Everything else in the payload is left as stored.
 */
public final class ProvenanceUpcaster extends SingleEventUpcaster {

  private static final SimpleSerializedType UNREVISED =
      new SimpleSerializedType(AppChangeStarted.class.getName(), null);

  private static final SimpleSerializedType REVISED =
      new SimpleSerializedType(AppChangeStarted.class.getName(), EventRevisions.APP_CHANGE_STARTED);

  @Override
  protected boolean canUpcast(IntermediateEventRepresentation representation) {
    return representation.getType().equals(UNREVISED);
  }

  @Override
  protected IntermediateEventRepresentation doUpcast(
      IntermediateEventRepresentation representation) {
    return representation.upcastPayload(
        REVISED, JsonNode.class, ProvenanceUpcaster::withProvenance);
  }

  /** The payload with {@code provenance} added when it has none. */
  static JsonNode withProvenance(JsonNode payload) {
    if (!(payload instanceof ObjectNode object) || object.hasNonNull("provenance")) {
      return payload;
    }
    var copy = object.deepCopy();
    var provenance = copy.putObject("provenance");
    provenance.put("actor", Provenance.UNKNOWN);
    provenance.putObject("meta");
    return copy;
  }
}
