package io.driftless.query.delivery;

import java.time.Instant;

/**
 * The messages a consumer holds and has not acknowledged yet.
 *
 * @param count how many
 * @param oldest the earliest {@link Delivery#waitingSince} among them, null if none
 */
record InHand(long count, Instant oldest) {

  static final InHand NONE = new InHand(0, null);

  InHand plus(InHand other) {
    Instant earliest;
    if (oldest == null) {
      earliest = other.oldest;
    } else if (other.oldest == null || oldest.isBefore(other.oldest)) {
      earliest = oldest;
    } else {
      earliest = other.oldest;
    }
    return new InHand(count + other.count, earliest);
  }
}
