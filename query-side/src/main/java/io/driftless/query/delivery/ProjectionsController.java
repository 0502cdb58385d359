package io.driftless.query.delivery;

import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.RebuildProgress;
import io.driftless.query.projection.ViewBuilds;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/projections}: per view its status (built, stale, rebuilding) and newest rebuild's
 * progress, the stored time of the newest event it applied (from the database, so any process
 * answers the same and it survives restarts), the current lag, and the messages waiting, retrying
 * and parked.
 */
@RestController
class ProjectionsController {

  private final ProjectionApplier applier;
  private final ObjectProvider<RabbitViewDelivery> delivery;
  private final ViewBuilds builds;

  ProjectionsController(
      ProjectionApplier applier,
      ObjectProvider<RabbitViewDelivery> delivery,
      DataSource dataSource) {
    this.applier = applier;
    this.delivery = delivery;
    this.builds = new ViewBuilds(JdbcClient.create(dataSource));
  }

  /**
   * One view's status.
   *
   * @param status {@code rebuilding} while a rebuild runs, else {@code live} (built at the view's
   *     current version), {@code stale} (built at an older one) or {@code not-built}
   * @param version the version of the view's fold in this process
   * @param rebuild the newest rebuild's progress, null if the view never had one
   * @param lag the current lag, ISO-8601 ({@code PT0S} when nothing waits)
   * @param lagMillis the same in milliseconds
   * @param waiting messages ready in the work queue or held by a consumer
   */
  record ProjectionStatus(
      String name,
      String status,
      int version,
      Instant lastEventAt,
      String lag,
      long lagMillis,
      long waiting,
      long retrying,
      long parked,
      RebuildProgress rebuild) {}

  @GetMapping("/api/projections")
  List<ProjectionStatus> projections() {
    var rabbit = delivery.getIfAvailable();
    var backlog = rabbit == null ? Backlog.NONE : rabbit.backlog();
    var times = applier.lastEventTimes();
    var built = builds.builtVersions();
    var rebuilds = builds.latestRebuilds();
    var now = Instant.now();
    return applier.projections().stream()
        .filter(Projection::rebuildable)
        .map(
            p -> {
              var last = times.get(p.name());
              var lag = backlog.lag(last, now);
              var rebuild = rebuilds.get(p.name());
              return new ProjectionStatus(
                  p.name(),
                  status(p, built.get(p.name()), rebuild),
                  p.version(),
                  last,
                  Duration.ofMillis(lag.toMillis()).toString(),
                  lag.toMillis(),
                  backlog.waiting(),
                  backlog.retrying(),
                  backlog.parked(),
                  rebuild);
            })
        .toList();
  }

  private static String status(Projection view, Integer builtVersion, RebuildProgress rebuild) {
    if (rebuild != null && rebuild.running()) {
      return "rebuilding";
    }
    if (builtVersion == null) {
      return "not-built";
    }
    return builtVersion == view.version() ? "live" : "stale";
  }
}
