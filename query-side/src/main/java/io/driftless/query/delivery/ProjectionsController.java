package io.driftless.query.delivery;

import io.driftless.query.projection.ProjectionApplier;
import java.time.Instant;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/projections}: each view's status, lag, retrying and parked messages. */
@RestController
class ProjectionsController {

  private final ProjectionApplier applier;
  private final DeliveryMetrics metrics;
  private final ObjectProvider<RabbitViewDelivery> delivery;

  ProjectionsController(
      ProjectionApplier applier,
      DeliveryMetrics metrics,
      ObjectProvider<RabbitViewDelivery> delivery) {
    this.applier = applier;
    this.metrics = metrics;
    this.delivery = delivery;
  }

  /** One view's status; rebuild is null until rebuilds exist. */
  record ProjectionStatus(
      String name,
      String status,
      Instant lastEventAt,
      long lagMillis,
      long retrying,
      long parked,
      Object rebuild) {}

  @GetMapping("/api/projections")
  List<ProjectionStatus> projections() {
    var rabbit = delivery.getIfAvailable();
    var queues = rabbit == null ? new long[] {0, 0} : rabbit.retryingAndParked();
    return applier.projections().stream()
        .map(
            p ->
                new ProjectionStatus(
                    p.name(),
                    "live",
                    metrics.lastEventAt(),
                    metrics.lag().toMillis(),
                    queues[0],
                    queues[1],
                    null))
        .toList();
  }
}
