package io.driftless.standalone.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.GetResponse;
import io.driftless.events.testing.BrokerNames;
import io.driftless.events.testing.LocalServices;
import io.driftless.events.testing.MachineBroker;
import io.driftless.query.delivery.QueueNames;
import io.driftless.query.delivery.QueueTopology;
import io.driftless.query.delivery.RetryPolicy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The query side's retry queues across a broker outage: an out-of-order event waits in a retry
 * queue for its delay and is then dead-lettered back to the work queue. When the delay ends while
 * the broker is down, the event must still reach the work queue after the restart; classic TTL
 * queues dropped every such message, and an aggregate whose last event was one of them stayed
 * behind in the views for good (ChaosIT, seed 6079976985417).
 */
class RetryQueuesAcrossBrokerRestartIT {

  private static final String RUN = LocalServices.runId();
  private static final QueueNames NAMES =
      new QueueNames(
          "driftless.events.retry-restart-" + RUN, "driftless.views.retry-restart-" + RUN);

  /** Longer than rabbitmqctl takes to stop the broker, shorter than the outage below. */
  private static final Duration DELAY = Duration.ofSeconds(5);

  private static final Duration OUTAGE = Duration.ofSeconds(8);
  private static final int MESSAGES = 200;

  /**
   * The whole test holds the machine's broker alone ({@link MachineBroker#alone}, reentrant for the
   * restart inside): a restart by another fork's suite between this one's restart and its checks
   * would close the connection the checks read with, and one before the cleanup would refuse it.
   */
  @Test
  void retriesWhoseDelayEndsWhileTheBrokerIsDownReachTheWorkQueueAfterIt() throws Exception {
    MachineBroker.alone(
        () -> {
          try {
            publishRestartAndCheck();
          } finally {
            deleteQueues();
          }
        });
  }

  private static void publishRestartAndCheck() throws Exception {
    var factory = new ConnectionFactory();
    factory.setUri(LocalServices.amqpUri());
    var sent = new HashSet<String>();
    try (var connection = factory.newConnection("retry-restart-it");
        var channel = connection.createChannel()) {
      QueueTopology.declare(channel, NAMES, new RetryPolicy(DELAY, 4, 2));
      channel.confirmSelect();
      var persistent = new AMQP.BasicProperties.Builder().deliveryMode(2).build();
      for (int i = 0; i < MESSAGES; i++) {
        var body = "event-" + i;
        channel.basicPublish(
            "", NAMES.retryQueue(1), persistent, body.getBytes(StandardCharsets.UTF_8));
        sent.add(body);
      }
      channel.waitForConfirmsOrDie(10_000);
    }

    RabbitRestart.restart(Path.of("target", "retry-restart-" + RUN + "-rabbitmqctl.log"), OUTAGE);

    try (var connection = factory.newConnection("retry-restart-it-after");
        var channel = connection.createChannel()) {
      await("every retried message back in the work queue")
          .atMost(Duration.ofSeconds(60))
          .until(() -> channel.messageCount(NAMES.workQueue()) == MESSAGES);
      assertThat(channel.messageCount(NAMES.retryQueue(1))).isZero();
      Set<String> received = new HashSet<>();
      GetResponse response;
      while ((response = channel.basicGet(NAMES.workQueue(), true)) != null) {
        received.add(new String(response.getBody(), StandardCharsets.UTF_8));
      }
      assertThat(received).isEqualTo(sent);
    }
  }

  private static void deleteQueues() throws Exception {
    var failures = new ArrayList<Exception>();
    new BrokerNames(NAMES.exchange(), NAMES.workQueue()).deleteAll(failures);
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
  }
}
