package io.driftless.query.config;

import com.zaxxer.hikari.HikariDataSource;
import io.driftless.query.delivery.DeliveryMetrics;
import io.driftless.query.delivery.GapRepair;
import io.driftless.query.drift.DriftProjection;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.overview.LastReconciles;
import io.driftless.query.overview.OverviewProjection;
import io.driftless.query.projection.Projection;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.ViewJdbc;
import io.driftless.query.rebuild.RebuildService;
import io.driftless.query.rebuild.RebuildSettings;
import io.driftless.query.rebuild.ServerPrepared;
import io.driftless.query.subscription.SubscriptionOutbox;
import io.driftless.query.timeline.TimelineProjection;
import io.driftless.query.travel.DesiredProjection;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The views and what they need whatever the delivery: the version-checked applier, the metrics, and
 * the event store for gap repair ({@code driftless.event-store.url}, read-only, or this side's own
 * database when both sides share one, as in the standalone server). {@link DeliveryConfig} adds the
 * RabbitMQ consumers.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({
  DeliveryProperties.class,
  EventsProperties.class,
  EventStoreProperties.class,
  RebuildProperties.class
})
class ViewsConfig {

  @Bean
  ProjectionApplier projectionApplier(
      DataSource dataSource,
      PlatformTransactionManager transactions,
      @Value("${driftless.history.keep:0}") int keep) {
    return new ProjectionApplier(
        List.of(
            new HistoryProjection(keep),
            new OverviewProjection(),
            new InventoryProjection(),
            new TimelineProjection(),
            new DriftProjection(),
            new DesiredProjection(),
            new SubscriptionOutbox()),
        ViewJdbc.of(dataSource),
        ProjectionApplier.transactions(transactions));
  }

  @Bean
  DeliveryMetrics deliveryMetrics(MeterRegistry registry) {
    return new DeliveryMetrics(registry);
  }

  @Bean
  EventStoreReader eventStoreReader(DataSource dataSource, EventStoreProperties store) {
    if (store.url().isBlank()) {
      return new EventStoreReader(JdbcClient.create(dataSource));
    }
    var source = new DriverManagerDataSource(store.url(), store.username(), store.password());
    return new EventStoreReader(JdbcClient.create(source), store.location());
  }

  /**
   * The overview's last reconciles, read-only from the event store's database: this side's own pool
   * when both share one (standalone), else a small pool of its own, as every overview query reads
   * it (a connection per query would cost a connect and login each time).
   */
  @Bean(destroyMethod = "close")
  LastReconciles lastReconciles(DataSource dataSource, EventStoreProperties store) {
    if (store.url().isBlank()) {
      return new LastReconciles(JdbcClient.create(dataSource));
    }
    var pool = new HikariDataSource();
    pool.setPoolName("driftless-store-reads");
    pool.setJdbcUrl(store.url());
    pool.setUsername(store.username());
    pool.setPassword(store.password());
    pool.setMaximumPoolSize(2);
    pool.setMinimumIdle(0);
    pool.setReadOnly(true);
    pool.setInitializationFailTimeout(-1);
    return new LastReconciles(JdbcClient.create(pool), pool);
  }

  @Bean(destroyMethod = "close")
  RebuildService rebuildService(
      ProjectionApplier applier,
      DataSource dataSource,
      EventStoreReader store,
      EventStoreProperties storeProperties,
      RebuildProperties rebuild) {
    // A rebuild's bulk reads and writes go through connections of their own with server-side
    // prepared statements (MariaDB), to the views' database and to the store's.
    var storeReads =
        storeProperties.url().isBlank()
            ? ServerPrepared.of(dataSource)
            : new DriverManagerDataSource(
                ServerPrepared.url(storeProperties.url()),
                storeProperties.username(),
                storeProperties.password());
    return new RebuildService(
        applier.projections().stream().filter(Projection::rebuildable).toList(),
        dataSource,
        store,
        new RebuildSettings(
            rebuild.batchSize(),
            rebuild.maxEventsPerSecond(),
            rebuild.busyEventsPerSecond(),
            rebuild.busyWindow(),
            rebuild.nice()),
        ServerPrepared.of(dataSource),
        storeReads);
  }

  /** After start: a swap that died half-way is finished, an empty store's new views are built. */
  @Bean
  ApplicationRunner rebuildRecovery(RebuildService rebuilds) {
    return args -> rebuilds.recover();
  }

  @Bean
  GapRepair gapRepair(EventStoreReader store, ProjectionApplier applier) {
    return new GapRepair(store, applier);
  }
}
