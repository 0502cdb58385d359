package io.driftless.query.config;

import io.driftless.query.delivery.DeliveryMetrics;
import io.driftless.query.delivery.EventStoreReader;
import io.driftless.query.delivery.GapRepair;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.overview.OverviewProjection;
import io.driftless.query.projection.ProjectionApplier;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Value;
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
  EventStoreProperties.class
})
class ViewsConfig {

  @Bean
  ProjectionApplier projectionApplier(
      DataSource dataSource,
      PlatformTransactionManager transactions,
      @Value("${driftless.history.keep:200}") int keep) {
    return new ProjectionApplier(
        List.of(new HistoryProjection(keep), new OverviewProjection(), new InventoryProjection()),
        JdbcClient.create(dataSource),
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

  @Bean
  GapRepair gapRepair(EventStoreReader store, ProjectionApplier applier) {
    return new GapRepair(store, applier);
  }
}
