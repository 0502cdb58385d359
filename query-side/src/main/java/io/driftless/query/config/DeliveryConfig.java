package io.driftless.query.config;

import com.rabbitmq.client.ConnectionFactory;
import io.driftless.query.delivery.Backlog;
import io.driftless.query.delivery.DeliveryMetrics;
import io.driftless.query.delivery.DeliveryServices;
import io.driftless.query.delivery.GapRepair;
import io.driftless.query.delivery.QueueNames;
import io.driftless.query.delivery.RabbitViewDelivery;
import io.driftless.query.delivery.RetryPolicy;
import io.driftless.query.delivery.StoreGuard;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.projection.ProjectionApplier;
import java.time.Duration;
import java.time.Instant;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The RabbitMQ delivery ({@code driftless.delivery.mode=rabbitmq}, the distributed profile): the
 * event store is checked before anything consumes (the process refuses to start on a wrong one),
 * then the consumers start; health has {@code broker} (every consumer consuming) and {@code
 * viewLag} (the current lag within {@code driftless.delivery.max-lag}).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "driftless.delivery.mode", havingValue = "rabbitmq")
class DeliveryConfig {

  @Bean
  StoreGuard storeGuard(EventStoreReader store, EventStoreProperties properties) {
    return new StoreGuard(store.awaitStoreId(properties.startupWait()), store.location());
  }

  @Bean
  RabbitViewDelivery rabbitViewDelivery(
      DeliveryProperties delivery,
      EventsProperties events,
      StoreGuard store,
      DeliveryServices services)
      throws Exception {
    if (delivery.amqpUri() == null || delivery.amqpUri().isBlank()) {
      throw new IllegalStateException(
          "driftless.delivery.amqp-uri is required with driftless.delivery.mode=rabbitmq");
    }
    var factory = new ConnectionFactory();
    factory.setUri(delivery.amqpUri());
    return new RabbitViewDelivery(
        factory,
        new QueueNames(events.exchange(), delivery.queue()),
        new RetryPolicy(delivery.retry().firstDelay(), 4, delivery.retry().attempts()),
        new RabbitViewDelivery.Settings(
            delivery.consumers(),
            delivery.prefetch(),
            delivery.recoveryInterval(),
            delivery.connectionName(),
            store),
        services);
  }

  @Bean
  DeliveryServices deliveryServices(
      ProjectionApplier applier, GapRepair repair, DeliveryMetrics metrics) {
    return new DeliveryServices(applier, repair, metrics);
  }

  @Bean
  HealthIndicator brokerHealthIndicator(RabbitViewDelivery delivery) {
    return () -> {
      var down = delivery.down();
      return down.isEmpty()
          ? Health.up().build()
          : Health.down().withDetail("consumersDown", down).build();
    };
  }

  @Bean
  HealthIndicator viewLagHealthIndicator(
      RabbitViewDelivery delivery, ProjectionApplier applier, DeliveryProperties properties) {
    return () -> {
      var lag = currentLag(delivery.backlog(), applier);
      var health = lag.compareTo(properties.maxLag()) > 0 ? Health.down() : Health.up();
      return health
          .withDetail("lag", lag.toString())
          .withDetail("maxLag", properties.maxLag().toString())
          .build();
    };
  }

  /** The largest current lag of any view. */
  private static Duration currentLag(Backlog backlog, ProjectionApplier applier) {
    var now = Instant.now();
    var times = applier.lastEventTimes();
    var lag = Duration.ZERO;
    for (var projection : applier.projections()) {
      var own = backlog.lag(times.get(projection.name()), now);
      lag = own.compareTo(lag) > 0 ? own : lag;
    }
    return Duration.ofMillis(lag.toMillis());
  }
}
