package io.driftless.query.delivery;

import io.driftless.events.EventEnvelope;
import io.driftless.query.projection.Outcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * The database side of a batch: one transaction for the whole batch, transient failures (deadlocks,
 * lost connections, duplicate offset inserts of a concurrent consumer) retried in place with a
 * short backoff, and any other failure answered by taking the events one by one so that the one the
 * views refuse is parked alone.
 */
final class Applying {

  private static final Logger log = LoggerFactory.getLogger(Applying.class);

  private final DeliveryServices services;
  private final Parker parker;

  /** A delivery that parsed. */
  record Parsed(Delivery delivery, EventEnvelope event) {}

  /** Parks a delivery with a reason. */
  interface Parker {
    void park(Delivery delivery, String reason) throws IOException;
  }

  Applying(DeliveryServices services, Parker parker) {
    this.services = services;
    this.parker = parker;
  }

  /**
   * Each event's outcome, in order; null for an event that was parked because the views refuse it.
   *
   * @throws TransientFailure if the database failed repeatedly: nothing of the batch is done
   */
  List<Outcome> apply(List<Parsed> parsed) throws IOException {
    var events = parsed.stream().map(Parsed::event).toList();
    try {
      return withRetries(() -> services.applier().applyAll(events));
    } catch (TransientFailure e) {
      throw e;
    } catch (RuntimeException e) {
      log.warn(
          "Batch of {} failed, applying its events one by one: {}", events.size(), e.toString());
      return oneByOne(parsed);
    }
  }

  /**
   * A batch failed for a reason other than a transient one (a value the views' columns refuse,
   * say): each event in its own transaction, and one that fails alone is parked with the reason
   * (its outcome is null), so it cannot block the queue. Transient failures still requeue all.
   */
  private List<Outcome> oneByOne(List<Parsed> parsed) throws IOException {
    var outcomes = new ArrayList<Outcome>(parsed.size());
    for (var one : parsed) {
      try {
        outcomes.add(withRetries(() -> services.applier().apply(one.event())));
      } catch (TransientFailure e) {
        throw e;
      } catch (RuntimeException e) {
        var event = one.event();
        parker.park(
            one.delivery(),
            "cannot apply "
                + event.type()
                + " "
                + event.aggregateId()
                + "#"
                + event.sequence()
                + ": "
                + rootMessage(e));
        outcomes.add(null);
      }
    }
    return outcomes;
  }

  /** Repairs the gaps of these events' aggregates from the event store, once per aggregate. */
  void repair(LinkedHashSet<EventEnvelope> events) {
    var done = new LinkedHashSet<String>();
    for (var event : events) {
      if (done.add(event.aggregateId())) {
        try {
          services
              .metrics()
              .repaired(
                  withRetries(
                      () -> services.repair().repair(event.aggregateType(), event.aggregateId())));
        } catch (TransientFailure e) {
          throw e;
        } catch (RuntimeException e) {
          // The parked messages stay for an operator; the queue goes on.
          log.warn("Repair of {} failed: {}", event.aggregateId(), rootMessage(e));
        }
      }
    }
  }

  private static <T> T withRetries(Supplier<T> work) {
    RuntimeException last = null;
    for (int attempt = 0; attempt < 5; attempt++) {
      try {
        return work.get();
      } catch (TransientDataAccessException
          | DataAccessResourceFailureException
          | CannotCreateTransactionException
          | DuplicateKeyException e) {
        last = e;
        backOff(attempt);
      }
    }
    throw new TransientFailure(last);
  }

  private static void backOff(int attempt) {
    try {
      TimeUnit.MILLISECONDS.sleep(20L << attempt);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TransientFailure(e);
    }
  }

  private static String rootMessage(Throwable e) {
    var root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.toString() : root.getMessage();
  }

  /** The database failed repeatedly; the batch goes back to the queue. */
  static final class TransientFailure extends RuntimeException {
    TransientFailure(Throwable cause) {
      super(cause);
    }
  }
}
