package io.driftless.command.relay;

import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventCatalog;
import io.driftless.events.EventSink;
import io.driftless.events.StoredEvent;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.messaging.unitofwork.UnitOfWork;
import org.axonframework.serialization.Serializer;

/**
 * Collects the events of one processor batch and publishes them together just before the batch's
 * unit of work commits, the token update included. If the sink fails, the commit fails, the token
 * stays, and the processor retries the batch: an event is never skipped, at worst sent twice (the
 * query side drops duplicates by sequence).
 *
 * <p>The relay never reads a payload: it asks the message for its payload serialised by the event
 * store's own serializer, which hands back the stored bytes unconverted, and the sink copies them
 * into the wire body. Stored and wire payloads are both written by {@code EventCodec}'s mapper.
 */
@ProcessingGroup(EventRelay.PROCESSOR)
public class EventRelay {

  /** The processor's name, also its token's name. */
  public static final String PROCESSOR = "driftless-relay";

  private static final String BATCH = EventRelay.class.getName() + ".batch";

  private final EventSink sink;
  private final Serializer eventSerializer;

  /**
   * @param eventSerializer the event store's serializer (the same instance), so the stored payload
   *     bytes come back as they are
   */
  public EventRelay(EventSink sink, Serializer eventSerializer) {
    this.sink = sink;
    this.eventSerializer = eventSerializer;
  }

  @EventHandler(payloadType = DriftlessEvent.class)
  void on(DomainEventMessage<?> message, UnitOfWork<?> unitOfWork) {
    var type = message.getPayloadType();
    batchOf(unitOfWork)
        .add(
            new StoredEvent(
                message.getIdentifier(),
                EventCatalog.aggregateTypeOf(type),
                message.getAggregateIdentifier(),
                message.getSequenceNumber(),
                message.getTimestamp(),
                EventCatalog.typeName(type),
                message.serializePayload(eventSerializer, byte[].class).getData()));
  }

  private List<StoredEvent> batchOf(UnitOfWork<?> unitOfWork) {
    var root = unitOfWork.root();
    return root.getOrComputeResource(
        BATCH,
        key -> {
          var batch = new ArrayList<StoredEvent>();
          root.onPrepareCommit(u -> sink.publish(batch));
          return batch;
        });
  }
}
