package io.driftless.query.config;

import com.rabbitmq.client.ConnectionFactory;
import io.driftless.query.delivery.DeliveryMetrics;
import io.driftless.query.delivery.EventStoreReader;
import io.driftless.query.delivery.GapRepair;
import io.driftless.query.delivery.QueueNames;
import io.driftless.query.delivery.RabbitViewDelivery;
import io.driftless.query.delivery.RetryPolicy;
import io.driftless.query.history.HistoryProjection;
import io.driftless.query.inventory.InventoryProjection;
import io.driftless.query.overview.OverviewProjection;
import io.driftless.query.projection.ProjectionApplier;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The views and their delivery. {@code driftless.delivery.mode=rabbitmq} (distributed) consumes the
 * work queue; {@code in-process} (standalone) leaves feeding to the host. The event store for gap
 * repair is {@code driftless.event-store.url} (read-only), or this side's own database when both
 * sides share one (standalone).
 */
@Configuration(proxyBeanMethods = false)
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
  GapRepair gapRepair(
      DataSource dataSource,
      ProjectionApplier applier,
      @Value("${driftless.event-store.url:}") String url,
      @Value("${driftless.event-store.username:}") String username,
      @Value("${driftless.event-store.password:}") String password) {
    var store = url.isBlank() ? dataSource : new DriverManagerDataSource(url, username, password);
    return new GapRepair(new EventStoreReader(JdbcClient.create(store)), applier);
  }

  @Bean
  @ConditionalOnProperty(name = "driftless.delivery.mode", havingValue = "rabbitmq")
  RabbitViewDelivery rabbitViewDelivery(
      @Value("${driftless.delivery.amqp-uri}") String uri,
      @Value("${driftless.delivery.exchange:driftless.events}") String exchange,
      @Value("${driftless.delivery.queue:driftless.views}") String queue,
      @Value("${driftless.delivery.consumers:1}") int consumers,
      @Value("${driftless.delivery.prefetch:500}") int prefetch,
      @Value("${driftless.delivery.retry.first-delay:200ms}") Duration firstDelay,
      @Value("${driftless.delivery.retry.attempts:5}") int attempts,
      ProjectionApplier applier,
      GapRepair repair,
      DeliveryMetrics metrics)
      throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(uri);
    return new RabbitViewDelivery(
        factory,
        new QueueNames(exchange, queue),
        new RetryPolicy(firstDelay, 4, attempts),
        new RabbitViewDelivery.Settings(consumers, prefetch, applier, repair, metrics));
  }

  @Bean
  @ConditionalOnProperty(name = "driftless.delivery.mode", havingValue = "rabbitmq")
  HealthIndicator brokerHealthIndicator(RabbitViewDelivery delivery) {
    return () -> delivery.healthy() ? Health.up().build() : Health.down().build();
  }
}
