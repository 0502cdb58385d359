package io.driftless.command.config;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import io.driftless.command.upcasting.EventRevisions;
import io.driftless.command.upcasting.ProvenanceUpcaster;
import io.driftless.events.EventCodec;
import javax.sql.DataSource;
import org.axonframework.common.jdbc.ConnectionProvider;
import org.axonframework.common.jdbc.PersistenceExceptionResolver;
import org.axonframework.common.jdbc.UnitOfWorkAwareConnectionProviderWrapper;
import org.axonframework.common.transaction.TransactionManager;
import org.axonframework.eventhandling.tokenstore.TokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.JdbcTokenStore;
import org.axonframework.eventhandling.tokenstore.jdbc.TokenSchema;
import org.axonframework.eventsourcing.EventCountSnapshotTriggerDefinition;
import org.axonframework.eventsourcing.SnapshotTriggerDefinition;
import org.axonframework.eventsourcing.Snapshotter;
import org.axonframework.eventsourcing.eventstore.EventStorageEngine;
import org.axonframework.eventsourcing.eventstore.jdbc.EventSchema;
import org.axonframework.eventsourcing.eventstore.jdbc.JdbcEventStorageEngine;
import org.axonframework.messaging.correlation.CorrelationDataProvider;
import org.axonframework.serialization.Serializer;
import org.axonframework.serialization.json.JacksonSerializer;
import org.axonframework.serialization.upcasting.event.EventUpcasterChain;
import org.axonframework.spring.jdbc.SpringDataSourceConnectionProvider;
import org.axonframework.spring.messaging.unitofwork.SpringTransactionManager;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Axon on JDBC: event store, token store and transactions on the application's DataSource (H2
 * embedded, MariaDB distributed). Tables come from Flyway ({@code db/command}), with LONGBLOB
 * payloads. Events, snapshots and tokens are serialised with Jackson 2, the same mapper as the wire
 * codec. Events are stored with the payload revision {@link EventRevisions} names, and read through
 * the upcasters of {@code io.driftless.command.upcasting} (older revisions lifted to today's).
 */
@Configuration(proxyBeanMethods = false)
public class AxonConfig {

  /** The tables of {@code V1__axon_event_store.sql}: snake_case, as in Axon's JPA mapping. */
  static final EventSchema EVENT_SCHEMA =
      EventSchema.builder()
          .eventTable("domain_event_entry")
          .snapshotTable("snapshot_event_entry")
          .globalIndexColumn("global_index")
          .eventIdentifierColumn("event_identifier")
          .aggregateIdentifierColumn("aggregate_identifier")
          .sequenceNumberColumn("sequence_number")
          .typeColumn("type")
          .timestampColumn("time_stamp")
          .payloadTypeColumn("payload_type")
          .payloadRevisionColumn("payload_revision")
          .payloadColumn("payload")
          .metaDataColumn("meta_data")
          .build();

  static final TokenSchema TOKEN_SCHEMA =
      TokenSchema.builder()
          .setTokenTable("token_entry")
          .setProcessorNameColumn("processor_name")
          .setSegmentColumn("segment")
          .setTokenColumn("token")
          .setTokenTypeColumn("token_type")
          .setTimestampColumn("timestamp")
          .setOwnerColumn("owner")
          .build();

  @Bean
  @Primary
  Serializer serializer() {
    return newSerializer();
  }

  /**
   * The serializer of events, messages and tokens: {@code EventCodec}'s mapper, the revisions of
   * {@link EventRevisions}.
   */
  public static Serializer newSerializer() {
    return JacksonSerializer.builder()
        .objectMapper(EventCodec.newMapper())
        .revisionResolver(new EventRevisions())
        .build();
  }

  @Bean
  @Qualifier("eventSerializer")
  Serializer eventSerializer() {
    return serializer();
  }

  @Bean
  @Qualifier("messageSerializer")
  Serializer messageSerializer() {
    return serializer();
  }

  /**
   * Snapshots hold the aggregates' private fields (aggregates have no getters), so their mapper
   * reads fields; events keep the record mapper.
   */
  public static Serializer snapshotSerializer() {
    var mapper =
        EventCodec.newMapper()
            .setVisibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.NONE)
            .setVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY);
    return JacksonSerializer.builder().objectMapper(mapper).build();
  }

  /** Replaces Axon's default MessageOriginProvider bean (see {@link CommandOriginProvider}). */
  @Bean
  CorrelationDataProvider commandOriginProvider() {
    return new CommandOriginProvider();
  }

  /** A snapshot every {@code driftless.snapshot.threshold} events, so loads stay short. */
  @Bean
  SnapshotTriggerDefinition driftlessSnapshotTrigger(
      Snapshotter snapshotter, @Value("${driftless.snapshot.threshold:50}") int threshold) {
    return new EventCountSnapshotTriggerDefinition(snapshotter, threshold);
  }

  @Bean
  TransactionManager axonTransactionManager(PlatformTransactionManager transactions) {
    return new SpringTransactionManager(transactions);
  }

  @Bean
  ConnectionProvider axonConnectionProvider(DataSource dataSource) {
    return new UnitOfWorkAwareConnectionProviderWrapper(
        new SpringDataSourceConnectionProvider(dataSource));
  }

  @Bean
  PersistenceExceptionResolver persistenceExceptionResolver() {
    return new DuplicateKeys();
  }

  @Bean
  EventStorageEngine eventStorageEngine(
      ConnectionProvider connections,
      TransactionManager transactions,
      PersistenceExceptionResolver errors,
      @Qualifier("eventSerializer") Serializer eventSerializer) {
    // The relay passes this instance to serializePayload to get the stored bytes back unconverted.
    return JdbcEventStorageEngine.builder()
        .connectionProvider(connections)
        .transactionManager(transactions)
        .eventSerializer(eventSerializer)
        .snapshotSerializer(snapshotSerializer())
        .persistenceExceptionResolver(errors)
        .schema(EVENT_SCHEMA)
        .upcasterChain(upcasters())
        .build();
  }

  /** Every upcaster of stored events, oldest revision first. */
  public static EventUpcasterChain upcasters() {
    return new EventUpcasterChain(new ProvenanceUpcaster());
  }

  /**
   * The token store. {@code driftless.relay.node-id} names the owner of the relay's token claim;
   * blank keeps Axon's default ({@code pid@host}), which a restarted process does not share, so it
   * waits for the claim to time out (10 s) before relaying again. The standalone server, always a
   * single process on its own data directory, sets a fixed id and relays at once after a crash.
   * Never give two running processes the same id.
   */
  @Bean
  TokenStore tokenStore(
      ConnectionProvider connections, @Value("${driftless.relay.node-id:}") String nodeId) {
    var builder =
        JdbcTokenStore.builder()
            .connectionProvider(connections)
            .serializer(serializer())
            .schema(TOKEN_SCHEMA);
    if (!nodeId.isBlank()) {
      builder.nodeId(nodeId);
    }
    return builder.build();
  }
}
