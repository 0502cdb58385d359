package io.driftless.query.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.ConnectionFactory;
import io.driftless.events.testing.BrokerNames;
import io.driftless.query.support.LocalServices;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The queues as the machine's RabbitMQ declares them: declaring twice changes nothing, a retry
 * message goes back to the work queue after its delay, and the classic retry queues of earlier
 * versions are found (for the operator's warning) and left alone. Losing no retry across a broker
 * restart is standalone's {@code RetryQueuesAcrossBrokerRestartIT}.
 */
class QueueTopologyIT {

  private final QueueNames names =
      new QueueNames(
          "driftless.events.topology-" + LocalServices.runId(),
          "driftless.views.topology-" + LocalServices.runId());
  private final RetryPolicy retry = new RetryPolicy(Duration.ofMillis(100), 4, 2);

  @AfterEach
  void deleteQueues() throws Exception {
    var failures = new ArrayList<Exception>();
    new BrokerNames(names.exchange(), names.workQueue()).deleteAll(failures);
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
  }

  @Test
  void aRetryComesBackToTheWorkQueueAndAnEarlierVersionsClassicRetryQueueIsLeftAlone()
      throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    try (var connection = factory.newConnection("queue-topology-it");
        var channel = connection.createChannel()) {
      channel.queueDeclare(names.legacyRetryQueue(1), true, false, false, Map.of());
      channel.basicPublish("", names.legacyRetryQueue(1), null, "old".getBytes());

      QueueTopology.declare(channel, names, retry);
      QueueTopology.declare(channel, names, retry);
      assertThat(QueueTopology.legacyRetryQueues(channel, names, retry))
          .containsExactly(names.legacyRetryQueue(1));
      assertThat(channel.messageCount(names.legacyRetryQueue(1))).isOne();

      channel.confirmSelect();
      channel.basicPublish("", names.retryQueue(2), null, "retried".getBytes());
      channel.waitForConfirmsOrDie(10_000);
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> channel.messageCount(names.workQueue()) == 1);
      assertThat(new String(channel.basicGet(names.workQueue(), true).getBody()))
          .isEqualTo("retried");
    }
  }
}
