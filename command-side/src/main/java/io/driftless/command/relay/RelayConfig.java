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
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Turns the relay on with {@code driftless.relay.enabled=true}. {@code
 * driftless.relay.sink=rabbitmq} publishes to {@code driftless.events.exchange} (the key the query
 * side binds its queue with) at {@code driftless.relay.amqp-uri}, on a connection named {@code
 * driftless.relay.connection-name}; any other sink (the standalone's in-process one) is an {@link
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
      @Value("${driftless.events.exchange:driftless.events}") String exchange,
      @Value("${driftless.relay.connection-name:driftless-relay}") String connectionName,
      JdbcTemplate jdbc)
      throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(uri);
    var store = new StoreIdentity(jdbc);
    return new RabbitMqEventSink(
        factory, new RabbitMqEventSink.Settings(exchange, connectionName, 30_000), store::id);
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
