package io.driftless.command.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.BuiltinExchangeType;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.driftless.events.testing.Canary;
import io.driftless.events.testing.LocalServices;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 14 point 5 in the {@code distributed} profile (MariaDB and RabbitMQ; own database and
 * exchange): a Secret with canary values in stringData and data, deployed and changed over HTTP. No
 * form of a canary (plain, base64, bare SHA-256 in hex or base64 of either) is in any column of any
 * table of the event store's database, in any AMQP message the relay publishes (body and headers,
 * read from a queue bound to the run's exchange), in the log (Driftless at DEBUG) or in the deploy
 * answers. The views of the distributed query side are another process: the standalone {@code
 * SecretCanaryIT} checks every view table through the same projections.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("distributed")
@ExtendWith(OutputCaptureExtension.class)
class DistributedSecretCanaryIT {

  private static final String EXCHANGE = "driftless.events.canary-" + LocalServices.runId();
  private static final Canary CANARY = Canary.of(4);
  private static final List<String> messages = new CopyOnWriteArrayList<>();
  private static Connection connection;

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add("spring.datasource.url", () -> LocalServices.freshDatabase("driftless_canary"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.relay.amqp-uri", LocalServices::amqpUri);
    registry.add("driftless.events.exchange", () -> EXCHANGE);
    registry.add("driftless.secrets.key", LocalServices::secretsKey);
    registry.add("logging.level.io.driftless", () -> "DEBUG");
  }

  @BeforeAll
  static void listen() throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    connection = factory.newConnection("canary-it");
    var channel = connection.createChannel();
    channel.exchangeDeclare(EXCHANGE, BuiltinExchangeType.TOPIC, true);
    var queue = channel.queueDeclare("", false, true, true, null).getQueue();
    channel.queueBind(queue, EXCHANGE, "#");
    channel.basicConsume(
        queue,
        true,
        (tag, delivery) ->
            messages.add(
                new String(delivery.getBody(), StandardCharsets.UTF_8)
                    + delivery.getProperties().getHeaders()),
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

  private static String secret(String plain, String base64) {
    return """
        apiVersion: v1
        kind: Secret
        metadata:
          name: creds
        stringData:
          token: %s
        data:
          password: %s
        """
        .formatted(plain, base64);
  }

  @Test
  void noCanaryInTheStoreTheMessagesTheLogOrTheAnswers(CapturedOutput log) {
    var api = new Api(port);
    var first =
        api.deploy(
            "canary",
            secret(CANARY.value(0), CANARY.base64Value(1)),
            "application/yaml",
            "?diffChanges=true");
    var second =
        api.deploy(
            "canary",
            secret(CANARY.value(2), CANARY.base64Value(3)),
            "application/yaml",
            "?diffChanges=true");
    assertThat(first.statusCode()).as(first.body()).isEqualTo(200);
    assertThat(second.body()).contains("Op: 0 create, 0 delete, 1 update");

    var stored = jdbc.queryForObject("SELECT COUNT(*) FROM domain_event_entry", Long.class);
    await().atMost(Duration.ofSeconds(60)).until(() -> messages.size() >= stored);

    assertThat(String.join("\n", messages)).contains("sealedDesired");
    assertThat(CANARY.foundIn(String.join("\n", messages))).as("AMQP messages").isEmpty();
    assertThat(CANARY.foundIn(first.body() + second.body())).as("deploy answers").isEmpty();
    assertThat(CANARY.foundIn(log.getAll())).as("the log").isEmpty();
    for (var table :
        jdbc.queryForList(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE()",
            String.class)) {
      var text = new StringBuilder();
      jdbc.query(
          "SELECT * FROM " + table,
          row -> {
            for (int i = 1; i <= row.getMetaData().getColumnCount(); i++) {
              Object value = row.getObject(i);
              text.append(
                      value instanceof byte[] bytes
                          ? new String(bytes, StandardCharsets.UTF_8)
                          : value)
                  .append('\t');
            }
          });
      assertThat(CANARY.foundIn(text.toString())).as(table).isEmpty();
    }
  }
}
