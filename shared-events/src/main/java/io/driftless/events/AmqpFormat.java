package io.driftless.events;

import java.util.Map;

/**
 * How an event travels over AMQP: a persistent JSON message on the topic exchange {@value
 * #EXCHANGE}, with the event id as {@code message-id}, routing key {@code <aggregateType>.<type>}
 * and the headers below, so a consumer can check order before it parses the body.
 */
public final class AmqpFormat {

  /** The default topic exchange. */
  public static final String EXCHANGE = "driftless.events";

  /** Header: the event's wire name. */
  public static final String HEADER_TYPE = "driftless-type";

  /** Header: the aggregate type. */
  public static final String HEADER_AGGREGATE_TYPE = "driftless-aggregate-type";

  /** Header: the aggregate id. */
  public static final String HEADER_AGGREGATE_ID = "driftless-aggregate-id";

  /** Header: the aggregate sequence number (a long). */
  public static final String HEADER_SEQUENCE = "driftless-sequence";

  /**
   * Header: the id of the event store the event comes from (the command side keeps it in its
   * database), so a consumer repairing gaps from a store can tell it is the same one.
   */
  public static final String HEADER_STORE_ID = "driftless-store-id";

  /** The content type of the body. */
  public static final String CONTENT_TYPE = "application/json";

  private AmqpFormat() {}

  /** The routing key of an envelope. */
  public static String routingKey(EnvelopeHeader envelope) {
    return envelope.aggregateType() + "." + envelope.type();
  }

  /** The headers of an envelope. */
  public static Map<String, Object> headers(EnvelopeHeader envelope) {
    return Map.of(
        HEADER_TYPE, envelope.type(),
        HEADER_AGGREGATE_TYPE, envelope.aggregateType(),
        HEADER_AGGREGATE_ID, envelope.aggregateId(),
        HEADER_SEQUENCE, envelope.sequence());
  }
}
