package io.driftless.query.config;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code driftless.delivery.*}: how events reach the views.
 *
 * @param mode {@code in-process} (the standalone server feeds the views) or {@code rabbitmq}
 * @param amqpUri the broker (rabbitmq mode)
 * @param queue the work queue; its retry and parking queues are named after it
 * @param consumers consumers in this process, one connection each
 * @param prefetch unacked messages per consumer, also the largest batch
 * @param retry how out-of-order events are retried
 * @param recoveryInterval how long a consumer that lost its connection or channel waits before it
 *     connects again
 * @param maxLag health turns DOWN when the current lag passes this
 * @param connectionName the prefix of this process's connection names in the broker
 */
@ConfigurationProperties("driftless.delivery")
record DeliveryProperties(
    @DefaultValue("in-process") String mode,
    String amqpUri,
    @DefaultValue("driftless.views") String queue,
    @DefaultValue("1") int consumers,
    @DefaultValue("500") int prefetch,
    @DefaultValue Retry retry,
    @DefaultValue("5s") Duration recoveryInterval,
    @DefaultValue("5m") Duration maxLag,
    @DefaultValue("driftless-views") String connectionName) {

  /**
   * @param firstDelay the first retry's delay; each further one waits four times longer
   * @param attempts retries before an event is parked and its gap repaired
   */
  record Retry(@DefaultValue("200ms") Duration firstDelay, @DefaultValue("5") int attempts) {}
}
