package io.driftless.query.subscription;

import java.util.List;

/** The states of a delivery row ({@code event_delivery.status}). */
final class DeliveryStatus {

  static final String PENDING = "pending";
  static final String FAILED = "failed";
  static final String DEAD = "dead";
  static final String DELIVERED = "delivered";

  /** In the order {@link Backlog} counts them. */
  static final String[] NAMES = {PENDING, FAILED, DEAD, DELIVERED};

  private DeliveryStatus() {}

  /** Whether a row in this state is still to be sent. */
  static boolean open(String status) {
    return PENDING.equals(status) || FAILED.equals(status);
  }

  /** The accepted values of {@code ?status=}. */
  static List<String> all() {
    return List.of(NAMES);
  }
}
