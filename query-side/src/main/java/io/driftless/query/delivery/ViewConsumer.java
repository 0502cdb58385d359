package io.driftless.query.delivery;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.ShutdownSignalException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * One consumer on the work queue (one channel, manual acks): the broker's callbacks put deliveries
 * into an inbox that the consumer's {@link ConsumerSlot} thread takes in batches. It lives exactly
 * as long as its channel: a shutdown signal (connection or channel closed) or a cancel closes it
 * for good, and the slot opens a new connection, channel and consumer. So a delivery tag is only
 * ever acknowledged on the channel it came from; what was in the inbox or in flight when the
 * channel went is redelivered by the broker (the version check makes that harmless).
 */
final class ViewConsumer extends DefaultConsumer {

  private final BlockingQueue<Delivery> inbox = new LinkedBlockingQueue<>();
  private volatile List<Delivery> inFlight = List.of();
  private volatile String closedBecause;

  ViewConsumer(Channel channel) {
    super(channel);
  }

  @Override
  public void handleDelivery(
      String tag, Envelope envelope, AMQP.BasicProperties properties, byte[] body) {
    inbox.add(Delivery.of(envelope.getDeliveryTag(), properties, body, Instant.now()));
  }

  @Override
  public void handleShutdownSignal(String consumerTag, ShutdownSignalException signal) {
    close(
        (signal.isHardError() ? "connection closed: " : "channel closed: ")
            + String.valueOf(signal.getMessage()));
  }

  @Override
  public void handleCancel(String consumerTag) {
    close("the broker cancelled the consumer (queue deleted?)");
  }

  @Override
  public void handleCancelOk(String consumerTag) {
    close("consumer cancelled");
  }

  private void close(String reason) {
    if (closedBecause == null) {
      closedBecause = reason;
    }
  }

  /** Whether deliveries still come and can be acknowledged. */
  boolean open() {
    return closedBecause == null && getChannel().isOpen();
  }

  /** Why the consumer closed, or null while it is open. */
  String closedBecause() {
    return closedBecause;
  }

  /**
   * The next batch of up to {@code max} deliveries in arrival order, waiting up to {@code timeout}
   * for the first; empty if none came. The batch counts as in hand until {@link #done}.
   */
  List<Delivery> nextBatch(int max, long timeout, TimeUnit unit) throws InterruptedException {
    var first = inbox.poll(timeout, unit);
    if (first == null) {
      return List.of();
    }
    var batch = new ArrayList<Delivery>(Math.min(max, inbox.size() + 1));
    batch.add(first);
    inbox.drainTo(batch, max - 1);
    inFlight = List.copyOf(batch);
    return batch;
  }

  /** The batch taken last is settled (acknowledged, or given back to the broker). */
  void done() {
    inFlight = List.of();
  }

  /** What this consumer holds unacknowledged: the inbox and the batch in flight. */
  InHand inHand() {
    if (!open()) {
      return InHand.NONE;
    }
    var held = new ArrayList<>(inFlight);
    held.addAll(inbox);
    var oldest = held.stream().map(Delivery::waitingSince).min(Instant::compareTo).orElse(null);
    return new InHand(held.size(), oldest);
  }
}
