package io.driftless.standalone;

import io.driftless.events.EventSink;
import io.driftless.events.StoredEvent;
import io.driftless.query.delivery.DeliveryMetrics;
import io.driftless.query.delivery.GapRepair;
import io.driftless.query.projection.Outcome;
import io.driftless.query.projection.ProjectionApplier;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * In-process delivery: the relay hands each batch straight to the query side's projection code. It
 * runs inside the relay's unit of work, so the views change in the same database transaction that
 * advances the relay's token (and with them each view's last event time). Events arrive in store
 * order, so a gap can only mean a view was reset; it is repaired from the (same) event store. The
 * delivery metrics count as they do with RabbitMQ.
 */
@Component
class InProcessEventSink implements EventSink {

  private final ProjectionApplier applier;
  private final GapRepair repair;
  private final DeliveryMetrics metrics;

  InProcessEventSink(ProjectionApplier applier, GapRepair repair, DeliveryMetrics metrics) {
    this.applier = applier;
    this.repair = repair;
    this.metrics = metrics;
  }

  @Override
  public void publish(List<StoredEvent> stored) {
    var batch = stored.stream().map(StoredEvent::toEnvelope).toList();
    var outcomes = applier.applyAll(batch);
    metrics.record(batch, outcomes);
    for (int i = 0; i < batch.size(); i++) {
      if (outcomes.get(i) == Outcome.GAP) {
        metrics.repaired(repair.repair(batch.get(i).aggregateType(), batch.get(i).aggregateId()));
      }
    }
  }
}
