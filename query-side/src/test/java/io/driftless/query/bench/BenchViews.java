package io.driftless.query.bench;

import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.zaxxer.hikari.HikariDataSource;
import io.driftless.events.EventEnvelope;
import io.driftless.query.delivery.DeliveryMetrics;
import io.driftless.query.delivery.DeliveryServices;
import io.driftless.query.delivery.GapRepair;
import io.driftless.query.delivery.QueueNames;
import io.driftless.query.delivery.RabbitViewDelivery;
import io.driftless.query.delivery.RetryPolicy;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.overview.OverviewProjection;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.support.LocalServices;
import io.driftless.query.support.SequentialFold;
import io.driftless.query.support.TestEventStore;
import io.driftless.query.support.ViewTables;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.flywaydb.core.Flyway;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The query side's delivery as {@code ViewsConfig} wires it in the {@code distributed} profile
 * (three views, version-checked applier, gap repair, {@link RabbitViewDelivery} with the production
 * retry policy) on a fresh migrated MariaDB database and exchange/queue names of its own, all
 * removed on close. The event store the gap repair reads is a {@code domain_event_entry} table
 * written before the run, as in {@code OracleIT}.
 */
final class BenchViews implements AutoCloseable {

  static final int KEEP = 200;
  private static final RetryPolicy RETRY = new RetryPolicy(Duration.ofMillis(200), 4, 5);

  private final HikariDataSource dataSource;
  private final SimpleMeterRegistry registry;
  private final DeliveryMetrics metrics;
  private final QueueNames names;
  private final RabbitViewDelivery delivery;
  private final Connection publisherConnection;
  private final SqlTimings sql;

  private BenchViews(List<EventEnvelope> stored, BenchOptions options) throws Exception {
    dataSource = migratedViews(options.isolation());
    TestEventStore.write(dataSource, stored);
    registry = new SimpleMeterRegistry();
    registry.config().meterFilter(wholeRunPercentiles());
    metrics = new DeliveryMetrics(registry);
    var run = LocalServices.runId();
    names = new QueueNames("driftless.events.bench-" + run, "driftless.views.bench-" + run);
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    sql = "sql".equals(options.profile()) ? new SqlTimings() : null;
    var views = sql == null ? dataSource : sql.wrap(dataSource);
    var applier =
        new ProjectionApplier(
            List.of(
                new HistoryProjection(KEEP), new OverviewProjection(), new InventoryProjection()),
            JdbcClient.create(views),
            new TransactionTemplate(new JdbcTransactionManager(views)));
    var repair = new GapRepair(new EventStoreReader(JdbcClient.create(views)), applier);
    delivery =
        new RabbitViewDelivery(
            factory,
            names,
            RETRY,
            RabbitViewDelivery.Settings.of(options.consumers(), options.prefetch()),
            new DeliveryServices(applier, repair, metrics));
    delivery.start();
    publisherConnection = factory.newConnection("driftless-bench-publisher");
  }

  /** As {@code LocalServices.migratedViews}, with a choice of isolation level. */
  private static HikariDataSource migratedViews(String isolation) {
    var pool = new HikariDataSource();
    pool.setJdbcUrl(LocalServices.freshDatabase("driftless_bench_views"));
    pool.setUsername(LocalServices.jdbcUser());
    pool.setPassword(LocalServices.jdbcPassword());
    pool.setMaximumPoolSize(10);
    if ("read-committed".equals(isolation)) {
      pool.setTransactionIsolation("TRANSACTION_READ_COMMITTED");
    }
    Flyway.configure().dataSource(pool).locations("classpath:db/query").load().migrate();
    return pool;
  }

  /** Starts delivery on a fresh database whose event store holds {@code stored}. */
  static BenchViews start(List<EventEnvelope> stored, BenchOptions options) throws Exception {
    return new BenchViews(stored, options);
  }

  /**
   * Percentiles over the whole run (one histogram bucket that does not expire) to three significant
   * digits, instead of Micrometer's rotating two-minute window at one digit.
   */
  private static MeterFilter wholeRunPercentiles() {
    return new MeterFilter() {
      @Override
      public DistributionStatisticConfig configure(
          Meter.Id id, DistributionStatisticConfig config) {
        return DistributionStatisticConfig.builder()
            .percentilePrecision(3)
            .expiry(Duration.ofHours(1))
            .bufferLength(1)
            .build()
            .merge(config);
      }
    };
  }

  /** The SQL profile of the run so far, or an empty string without {@code profile=sql}. */
  String sqlReport(long events) {
    return sql == null ? "" : sql.report(events);
  }

  Connection publisherConnection() {
    return publisherConnection;
  }

  String exchange() {
    return names.exchange();
  }

  /** Stops the consumers (the queues stay and fill up). */
  void pauseConsumers() {
    delivery.stop();
  }

  /** Starts the consumers again. */
  void resumeConsumers() {
    delivery.start();
  }

  /** Events whose view change committed: applied by a consumer, or by a gap repair. */
  long done() {
    return metrics.appliedCount() + (long) outcome("repaired");
  }

  double outcome(String outcome) {
    var counter = registry.find("driftless.events").tag("outcome", outcome).counter();
    return counter == null ? 0 : counter.count();
  }

  /** Waits until {@code events} are done; returns System.nanoTime() at that point. */
  long awaitDone(long events, Duration timeout) throws InterruptedException {
    org.awaitility.Awaitility.await()
        .atMost(timeout)
        .pollInterval(Duration.ofMillis(2))
        .pollDelay(Duration.ZERO)
        .until(() -> done() >= events);
    return System.nanoTime();
  }

  /** The event-to-view lag the query side reports ({@code driftless.view.lag}). */
  Timer lag() {
    return registry.get("driftless.view.lag").timer();
  }

  /** Events the history view's offsets account for: the sum of (last sequence + 1). */
  long historyOffsetSum() {
    return JdbcClient.create(dataSource)
        .sql(
            "SELECT COALESCE(SUM(last_sequence + 1), 0) FROM projection_offset"
                + " WHERE projection = ?")
        .param(HistoryProjection.NAME)
        .query(Long.class)
        .single();
  }

  /** Whether every view equals the sequential fold of the events (the oracle of OracleIT). */
  boolean equalsSequentialFold(List<EventEnvelope> events) {
    var expected = new SequentialFold(events, KEEP);
    var tables = new ViewTables(dataSource);
    return tables.changes().equals(expected.changes())
        && tables.changeResources().equals(expected.changeResources())
        && tables.overview().equals(expected.overview())
        && tables.counts().equals(expected.counts())
        && tables.inventory().equals(expected.inventory());
  }

  /** MariaDB's global counters, to turn into per-event figures by difference. */
  Map<String, Long> serverStatus() {
    var status = new TreeMap<String, Long>();
    JdbcClient.create(dataSource)
        .sql(
            "SHOW GLOBAL STATUS WHERE Variable_name IN ('Questions', 'Com_commit',"
                + " 'Innodb_data_fsyncs', 'Innodb_row_lock_waits', 'Innodb_row_lock_time',"
                + " 'Innodb_deadlocks', 'Com_stmt_prepare')")
        .query(
            rs -> {
              status.put(rs.getString(1), rs.getLong(2));
            });
    return status;
  }

  @Override
  public void close() throws Exception {
    delivery.stop();
    try (var channel = publisherConnection.createChannel()) {
      channel.queueDelete(names.workQueue());
      channel.queueDelete(names.parkedQueue());
      for (int attempt = 1; attempt <= RETRY.maxAttempts(); attempt++) {
        channel.queueDelete(names.retryQueue(attempt));
      }
      channel.exchangeDelete(names.exchange());
    }
    publisherConnection.close();
    var url = dataSource.getJdbcUrl();
    JdbcClient.create(dataSource)
        .sql("DROP DATABASE " + url.substring(url.lastIndexOf('/') + 1))
        .update();
    dataSource.close();
  }
}
