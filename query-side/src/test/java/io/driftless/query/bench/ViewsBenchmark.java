package io.driftless.query.bench;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.EventHistoryGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.LoggerFactory;

/**
 * The query side's delivery into the MariaDB views over the real RabbitMQ, with the production
 * wiring and settings ({@link BenchViews}). Not a test; see {@code query-side/BENCHMARK.md}:
 *
 * <pre>
 * ./mvnw -q -B -o install -DskipTests
 * ./mvnw -q -B -o -pl query-side exec:java -Dexec.classpathScope=test \
 *   -Dexec.mainClass=io.driftless.query.bench.ViewsBenchmark -Dexec.args="events=50000"
 * </pre>
 *
 * <p><b>Throughput</b>: publishes a generated history ({@link EventHistoryGenerator}: App and
 * ResourceChange events of many aggregates, interleaved, each aggregate's in store order, as the
 * relay sends them) as fast as one channel with asynchronous publisher confirms allows, and reports
 * events/s from the first publish to the last event committed in the views.
 *
 * <p><b>Latency</b>: publishes at a fixed rate (open loop: a late consumer does not slow the
 * publisher) with each envelope's {@code occurredAt} set to its publish instant, so the query
 * side's own {@code driftless.view.lag} timer measures publish-to-commit; reports its p50, p99 and
 * max over the whole run.
 *
 * <p>Limits: publisher, consumers, MariaDB and RabbitMQ share the machine (2 cores here), so the
 * publisher takes CPU the consumers would have on a real deployment; MariaDB's global counters
 * include whatever else runs on the server at the time.
 */
public final class ViewsBenchmark {

  private static final long SEED = 20261121L;

  private ViewsBenchmark() {}

  public static void main(String[] args) throws Exception {
    var options = BenchOptions.parse(args);
    quietLogs(options.logs());
    System.out.printf(
        Locale.ROOT,
        "ViewsBenchmark: %d cores, Java %s; %d consumers, prefetch %d, %d apps x %d resources%n",
        Runtime.getRuntime().availableProcessors(),
        Runtime.version(),
        options.consumers(),
        options.prefetch(),
        options.apps(),
        options.resources());
    if (options.phases().contains("broker")) {
      BrokerCeiling.run(
          new EventHistoryGenerator(SEED)
              .generate(options.apps(), options.resources(), options.events()),
          options.prefetch());
    }
    if (options.phases().contains("throughput")) {
      throughput(options);
    }
    if (options.phases().contains("drain")) {
      drain(options);
    }
    if (options.phases().contains("latency")) {
      latency(options);
    }
  }

  /** Spring, Hikari and Flyway chatter off; the consumers' warnings only with logs=warn. */
  private static void quietLogs(String logs) {
    var context = (LoggerContext) LoggerFactory.getILoggerFactory();
    context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).setLevel(Level.WARN);
    context
        .getLogger("io.driftless.query.delivery")
        .setLevel("warn".equals(logs) ? Level.WARN : Level.ERROR);
  }

  private static void throughput(BenchOptions options) throws Exception {
    var events =
        new EventHistoryGenerator(SEED)
            .generate(options.apps(), options.resources(), options.events());
    try (var views = BenchViews.start(events, options);
        var publisher =
            new ConfirmingPublisher(views.publisherConnection(), views.exchange(), 10_000)) {
      var before = views.serverStatus();
      var start = System.nanoTime();
      for (var event : events) {
        publisher.publish(event);
      }
      publisher.awaitConfirms(300);
      var confirmed = System.nanoTime();
      var done = views.awaitDone(events.size(), Duration.ofMinutes(30));
      var after = views.serverStatus();
      System.out.printf(
          Locale.ROOT,
          "%nthroughput: %,d events of %,d aggregates%n"
              + "  published and confirmed in %.2f s (%,.0f events/s)%n"
              + "  first publish to all applied: %.2f s = %,.0f events/s%n",
          events.size(),
          aggregates(events),
          seconds(confirmed - start),
          events.size() / seconds(confirmed - start),
          seconds(done - start),
          events.size() / seconds(done - start));
      report(views, events, before, after);
    }
  }

  /** The views' own rate: the queue filled first, consumers started on the full queue. */
  private static void drain(BenchOptions options) throws Exception {
    var events =
        new EventHistoryGenerator(SEED)
            .generate(options.apps(), options.resources(), options.events());
    try (var views = BenchViews.start(events, options);
        var publisher =
            new ConfirmingPublisher(views.publisherConnection(), views.exchange(), 10_000)) {
      views.pauseConsumers();
      for (var event : events) {
        publisher.publish(event);
      }
      publisher.awaitConfirms(300);
      var before = views.serverStatus();
      var start = System.nanoTime();
      views.resumeConsumers();
      var done = views.awaitDone(events.size(), Duration.ofMinutes(30));
      var after = views.serverStatus();
      System.out.printf(
          Locale.ROOT,
          "%ndrain: %,d events of %,d aggregates queued first, then consumed%n"
              + "  consumers started to all applied: %.2f s = %,.0f events/s%n",
          events.size(),
          aggregates(events),
          seconds(done - start),
          events.size() / seconds(done - start));
      report(views, events, before, after);
    }
  }

  /**
   * A warm-up of a few seconds at the rate on a throwaway database (JIT, connection pools), then
   * the measured run on a fresh one.
   */
  private static void latency(BenchOptions options) throws Exception {
    var warmUp = Math.min(5, options.seconds());
    var warmUpEvents = events(SEED + 2, options, options.rate() * warmUp);
    try (var views = BenchViews.start(warmUpEvents, options)) {
      publishAtRate(views, warmUpEvents, options.rate());
      views.awaitDone(warmUpEvents.size(), Duration.ofMinutes(30));
    }
    var events = events(SEED + 1, options, options.rate() * options.seconds());
    try (var views = BenchViews.start(events, options)) {
      var before = views.serverStatus();
      var published = publishAtRate(views, events, options.rate());
      views.awaitDone(events.size(), Duration.ofMinutes(30));
      var after = views.serverStatus();
      var lag = views.lag();
      System.out.printf(
          Locale.ROOT,
          "%nlatency: %,d events at %,d events/s for %d s after a %d s warm-up (achieved %,.0f"
              + " events/s, publisher at most %.1f ms behind schedule)%n"
              + "  event-to-view lag (publish to commit, driftless.view.lag over %,d events):"
              + " p50 %.1f ms, p99 %.1f ms, max %.1f ms, mean %.1f ms%n",
          events.size(),
          options.rate(),
          options.seconds(),
          warmUp,
          events.size() / seconds(published[0]),
          published[1] / 1e6,
          lag.count(),
          percentile(lag, 0.5),
          percentile(lag, 0.99),
          lag.max(TimeUnit.MILLISECONDS),
          lag.mean(TimeUnit.MILLISECONDS));
      report(views, events, before, after);
    }
  }

  /**
   * The first {@code count} events of a generated history (store order, per aggregate gap-free).
   */
  private static List<EventEnvelope> events(long seed, BenchOptions options, int count) {
    return new EventHistoryGenerator(seed)
        .generate(options.apps(), options.resources(), count)
        .subList(0, count);
  }

  /**
   * Publishes at a fixed rate, open loop (a slow consumer does not slow the publisher), each
   * envelope stamped with its publish instant; returns the nanoseconds publishing took and the most
   * the publisher fell behind its schedule.
   */
  private static long[] publishAtRate(BenchViews views, List<EventEnvelope> events, int rate)
      throws Exception {
    try (var publisher =
        new ConfirmingPublisher(views.publisherConnection(), views.exchange(), 10_000)) {
      var interval = TimeUnit.SECONDS.toNanos(1) / rate;
      var start = System.nanoTime();
      var behind = 0L;
      for (int i = 0; i < events.size(); i++) {
        var wait = start + i * interval - System.nanoTime();
        if (wait > 0) {
          LockSupport.parkNanos(wait);
        } else {
          behind = Math.max(behind, -wait);
        }
        publisher.publish(stampedNow(events.get(i)));
      }
      var took = System.nanoTime() - start;
      publisher.awaitConfirms(300);
      return new long[] {took, behind};
    }
  }

  /** Retries, parking and the server's work per event, then the correctness check. */
  private static void report(
      BenchViews views,
      List<EventEnvelope> events,
      Map<String, Long> before,
      Map<String, Long> after) {
    double n = events.size();
    System.out.printf(
        Locale.ROOT,
        "  outcomes: applied %,.0f, retried %,.0f (%.1f%%), parked %,.0f, repaired %,.0f,"
            + " duplicate %,.0f%n"
            + "  MariaDB: %.1f statements and %.3f commits per event (%.0f events per commit),"
            + " %.3f fsyncs and %.1f server-side prepares per event;"
            + " %,d row-lock waits (%,d ms waited), %,d deadlocks%n",
        views.outcome("applied"),
        views.outcome("retried"),
        100 * views.outcome("retried") / n,
        views.outcome("parked"),
        views.outcome("repaired"),
        views.outcome("duplicate"),
        delta(before, after, "Questions") / n,
        delta(before, after, "Com_commit") / n,
        n / Math.max(1, delta(before, after, "Com_commit")),
        delta(before, after, "Innodb_data_fsyncs") / n,
        delta(before, after, "Com_stmt_prepare") / n,
        delta(before, after, "Innodb_row_lock_waits"),
        delta(before, after, "Innodb_row_lock_time"),
        delta(before, after, "Innodb_deadlocks"));
    System.out.printf(
        Locale.ROOT,
        "  check: history offsets account for %,d of %,d events; views equal the sequential fold:"
            + " %s%n",
        views.historyOffsetSum(),
        events.size(),
        views.equalsSequentialFold(events));
    System.out.print(views.sqlReport(events.size()));
  }

  private static EventEnvelope stampedNow(EventEnvelope e) {
    return new EventEnvelope(
        e.eventId(),
        e.aggregateType(),
        e.aggregateId(),
        e.sequence(),
        Instant.now(),
        e.type(),
        e.payload());
  }

  private static double percentile(io.micrometer.core.instrument.Timer timer, double p) {
    for (var value : timer.takeSnapshot().percentileValues()) {
      if (value.percentile() == p) {
        return value.value(TimeUnit.MILLISECONDS);
      }
    }
    return Double.NaN;
  }

  private static long aggregates(List<EventEnvelope> events) {
    return events.stream().map(EventEnvelope::aggregateId).distinct().count();
  }

  private static long delta(Map<String, Long> before, Map<String, Long> after, String name) {
    return after.getOrDefault(name, 0L) - before.getOrDefault(name, 0L);
  }

  private static double seconds(long nanos) {
    return nanos / 1e9;
  }
}
