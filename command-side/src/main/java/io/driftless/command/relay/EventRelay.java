package io.driftless.command.relay;

import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.EventSink;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventhandling.SequenceNumber;
import org.axonframework.eventhandling.Timestamp;
import org.axonframework.messaging.annotation.MessageIdentifier;
import org.axonframework.messaging.unitofwork.UnitOfWork;

/**
 * Collects the events of one processor batch and publishes them together just before the batch's
 * unit of work commits, the token update included. If the sink fails, the commit fails, the token
 * stays, and the processor retries the batch: an event is never skipped, at worst sent twice (the
 * query side drops duplicates by sequence).
 */
@ProcessingGroup(EventRelay.PROCESSOR)
public class EventRelay {

  /** The processor's name, also its token's name. */
  public static final String PROCESSOR = "driftless-relay";

  private static final String BATCH = EventRelay.class.getName() + ".batch";

  private final EventSink sink;

  public EventRelay(EventSink sink) {
    this.sink = sink;
  }

  @EventHandler
  void on(
      DriftlessEvent event,
      @MessageIdentifier String eventId,
      @SequenceNumber Long sequence,
      @Timestamp Instant occurredAt,
      UnitOfWork<?> unitOfWork) {
    batchOf(unitOfWork).add(EventEnvelope.of(eventId, sequence, occurredAt, event));
  }

  private List<EventEnvelope> batchOf(UnitOfWork<?> unitOfWork) {
    var root = unitOfWork.root();
    return root.getOrComputeResource(
        BATCH,
        key -> {
          var batch = new ArrayList<EventEnvelope>();
          root.onPrepareCommit(u -> sink.publish(batch));
          return batch;
        });
  }
}
