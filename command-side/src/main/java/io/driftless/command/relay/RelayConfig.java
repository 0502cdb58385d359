package io.driftless.command.relay;

import com.rabbitmq.client.ConnectionFactory;
import io.driftless.events.EventSink;
import org.axonframework.config.ConfigurerModule;
import org.axonframework.eventhandling.PropagatingErrorHandler;
import org.axonframework.eventhandling.TrackingEventProcessorConfiguration;
import org.axonframework.messaging.StreamableMessageSource;
import org.axonframework.serialization.Serializer;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Turns the relay on with {@code driftless.relay.enabled=true}. {@code
 * driftless.relay.sink=rabbitmq} publishes to {@code driftless.relay.exchange} at {@code
 * driftless.relay.amqp-uri}; any other sink (the standalone's in-process one) is an {@link
 * EventSink} bean of its own.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnProperty(name = "driftless.relay.enabled", havingValue = "true")
public class RelayConfig {

  @Bean
  EventRelay eventRelay(EventSink sink, @Qualifier("eventSerializer") Serializer eventSerializer) {
    return new EventRelay(sink, eventSerializer);
  }

  @Bean(destroyMethod = "close")
  @ConditionalOnProperty(name = "driftless.relay.sink", havingValue = "rabbitmq")
  RabbitMqEventSink rabbitMqEventSink(
      @Value("${driftless.relay.amqp-uri}") String uri,
      @Value("${driftless.relay.exchange:driftless.events}") String exchange)
      throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(uri);
    return new RabbitMqEventSink(factory, exchange, 30_000);
  }

  @Bean
  ConfigurerModule relayProcessor(@Value("${driftless.relay.batch-size:500}") int batchSize) {
    return configurer ->
        configurer.eventProcessing(
            processing ->
                processing
                    .registerTrackingEventProcessor(
                        EventRelay.PROCESSOR,
                        c -> c.eventStore(),
                        c ->
                            TrackingEventProcessorConfiguration.forSingleThreadedProcessing()
                                .andBatchSize(batchSize)
                                .andInitialTrackingToken(StreamableMessageSource::createTailToken))
                    .registerListenerInvocationErrorHandler(
                        EventRelay.PROCESSOR, c -> PropagatingErrorHandler.instance()));
  }
}
