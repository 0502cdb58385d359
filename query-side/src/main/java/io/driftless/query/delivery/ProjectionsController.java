package io.driftless.query.delivery;

import io.driftless.query.projection.ProjectionApplier;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/projections}: per view its status, the stored time of the newest event it applied
 * (from the database, so any process answers the same and it survives restarts), the current lag,
 * and the messages waiting, retrying and parked.
 */
@RestController
class ProjectionsController {

  private final ProjectionApplier applier;
  private final ObjectProvider<RabbitViewDelivery> delivery;

  ProjectionsController(ProjectionApplier applier, ObjectProvider<RabbitViewDelivery> delivery) {
    this.applier = applier;
    this.delivery = delivery;
  }

  /**
   * One view's status; rebuild is null until rebuilds exist.
   *
   * @param lag the current lag, ISO-8601 ({@code PT0S} when nothing waits)
   * @param lagMillis the same in milliseconds
   * @param waiting messages ready in the work queue or held by a consumer
   */
  record ProjectionStatus(
      String name,
      String status,
      Instant lastEventAt,
      String lag,
      long lagMillis,
      long waiting,
      long retrying,
      long parked,
      Object rebuild) {}

  @GetMapping("/api/projections")
  List<ProjectionStatus> projections() {
    var rabbit = delivery.getIfAvailable();
    var backlog = rabbit == null ? Backlog.NONE : rabbit.backlog();
    var times = applier.lastEventTimes();
    var now = Instant.now();
    return applier.projections().stream()
        .map(
            p -> {
              var last = times.get(p.name());
              var lag = backlog.lag(last, now);
              return new ProjectionStatus(
                  p.name(),
                  "live",
                  last,
                  Duration.ofMillis(lag.toMillis()).toString(),
                  lag.toMillis(),
                  backlog.waiting(),
                  backlog.retrying(),
                  backlog.parked(),
                  null);
            })
        .toList();
  }
}
