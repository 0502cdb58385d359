package io.driftless.command.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.driftless.events.AmqpFormat;
import io.driftless.events.EventCodec;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.LocalServices;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.axonframework.config.EventProcessingConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The command side in the {@code distributed} profile against the machine's MariaDB and RabbitMQ
 * (the cluster is the sandbox): the walkthrough answers as kapp does, and every stored event
 * reaches the exchange with its aggregate sequence, also across a relay stop and restart.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("distributed")
class DistributedRelayIT {

  private static final String EXCHANGE = "driftless.events.it-" + LocalServices.runId();
  private static final List<EventEnvelope> received = new CopyOnWriteArrayList<>();
  private static final Set<String> storeIds = new java.util.concurrent.ConcurrentSkipListSet<>();
  private static Connection connection;

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_relay_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.relay.amqp-uri", LocalServices::amqpUri);
    registry.add("driftless.events.exchange", () -> EXCHANGE);
    registry.add("driftless.relay.batch-size", () -> 7);
    registry.add("driftless.secrets.key", LocalServices::secretsKey);
  }

  @BeforeAll
  static void listen() throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    connection = factory.newConnection("relay-it");
    Channel channel = connection.createChannel();
    channel.exchangeDeclare(EXCHANGE, BuiltinExchangeType.TOPIC, true);
    var queue = channel.queueDeclare("", false, true, true, null).getQueue();
    channel.queueBind(queue, EXCHANGE, "#");
    channel.basicConsume(
        queue,
        true,
        (tag, delivery) -> {
          var envelope = EventCodec.decode(delivery.getBody());
          assertThat(delivery.getProperties().getMessageId()).isEqualTo(envelope.eventId());
          assertThat(delivery.getProperties().getHeaders().get(AmqpFormat.HEADER_SEQUENCE))
              .isEqualTo(envelope.sequence());
          storeIds.add(
              String.valueOf(
                  delivery.getProperties().getHeaders().get(AmqpFormat.HEADER_STORE_ID)));
          received.add(envelope);
        },
        tag -> {});
  }

  @AfterAll
  static void cleanUp() throws Exception {
    try (var channel = connection.createChannel()) {
      channel.exchangeDelete(EXCHANGE);
    }
    connection.close();
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired EventProcessingConfiguration processing;

  private Api api;

  @BeforeEach
  void setUp() {
    api = new Api(port);
  }

  private Set<String> storedEventIds() {
    return new TreeSet<>(
        jdbc.queryForList("SELECT event_identifier FROM domain_event_entry", String.class));
  }

  private Set<String> receivedEventIds() {
    return received.stream()
        .map(EventEnvelope::eventId)
        .collect(Collectors.toCollection(TreeSet::new));
  }

  private void awaitEveryStoredEventReceived() {
    await()
        .atMost(Duration.ofSeconds(60))
        .untilAsserted(() -> assertThat(receivedEventIds()).containsAll(storedEventIds()));
  }

  @Test
  void walkthroughEventsArriveInAggregateOrder() {
    assertThat(api.deployYaml("simple-app", Api.example("simple-app-v1.yml")).body())
        .contains("Op: 2 create, 0 delete, 0 update");
    assertThat(api.deployYaml("simple-app", Api.example("simple-app-v2.yml")).body())
        .contains("Op: 2 create, 1 delete, 1 update");
    assertThat(api.deployYaml("simple-app", Api.example("simple-app-v2.yml")).body())
        .contains("\"changeId\":null");

    awaitEveryStoredEventReceived();
    assertThat(storeIds)
        .as("every event names its store")
        .containsExactly(jdbc.queryForObject("SELECT id FROM event_store_id", String.class));

    var app = sequencesOf("default/simple-app");
    assertThat(app).containsExactly(0L, 1L, 2L, 3L);
    assertThat(typesOf("default/simple-app"))
        .containsExactly(
            "AppChangeStarted", "AppChangeFinished", "AppChangeStarted", "AppChangeFinished");
    assertThat(sequencesOf("default/simple-app/apps/Deployment/default/simple-app"))
        .containsExactly(0L, 1L);
    assertThat(typesOf("default/simple-app/core/Service/default/simple-app"))
        .containsExactly("ResourceCreated", "ResourceDeleted");
  }

  @Test
  void noEventIsMissingAfterTheRelayStopsMidStreamAndRestarts() throws Exception {
    var relay = processing.eventProcessor(EventRelay.PROCESSOR).orElseThrow();
    var deploys = new Thread(() -> deployConfigMapVersions("stream-app", 0, 20));
    deploys.start();
    await().atMost(Duration.ofSeconds(30)).until(() -> countFor("default/stream-app") >= 6);

    relay.shutDown();
    deploys.join();
    deployConfigMapVersions("stream-app", 20, 25);
    var missingWhileStopped = new TreeSet<>(storedEventIds());
    missingWhileStopped.removeAll(receivedEventIds());
    assertThat(missingWhileStopped).isNotEmpty();

    relay.start();

    awaitEveryStoredEventReceived();
    assertThat(sequencesOf("default/stream-app"))
        .isEqualTo(java.util.stream.LongStream.range(0, 50).boxed().collect(Collectors.toList()));
  }

  private void deployConfigMapVersions(String app, int from, int to) {
    for (int i = from; i < to; i++) {
      var body =
          "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
              + app
              + "\ndata:\n  version: \"v"
              + i
              + "\"\n";
      var response = api.deployYaml(app, body);
      assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    }
  }

  private long countFor(String aggregateId) {
    return received.stream().filter(e -> e.aggregateId().equals(aggregateId)).count();
  }

  /** Distinct sequences received for an aggregate, ascending (the relay may send a duplicate). */
  private List<Long> sequencesOf(String aggregateId) {
    return List.copyOf(byAggregate(aggregateId).keySet());
  }

  private List<String> typesOf(String aggregateId) {
    return List.copyOf(byAggregate(aggregateId).values());
  }

  private Map<Long, String> byAggregate(String aggregateId) {
    var bySequence = new TreeMap<Long, String>();
    received.stream()
        .filter(e -> e.aggregateId().equals(aggregateId))
        .forEach(e -> bySequence.put(e.sequence(), e.type()));
    return bySequence;
  }
}
