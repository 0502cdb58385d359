package io.driftless.query.delivery;

/**
 * The broker names the query side uses: the topic exchange the relay publishes to, the shared work
 * queue (several query-side processes compete on it), the retry queues {@code
 * <work>.retry.<attempt>.quorum} and the parking queue {@code <work>.parked}.
 */
public record QueueNames(String exchange, String workQueue) {

  public String retryQueue(int attempt) {
    return legacyRetryQueue(attempt) + ".quorum";
  }

  /**
   * The classic retry queue of versions before the quorum ones ({@link QueueTopology}), named
   * without the suffix: a queue's type cannot change under its name.
   */
  public String legacyRetryQueue(int attempt) {
    return workQueue + ".retry." + attempt;
  }

  public String parkedQueue() {
    return workQueue + ".parked";
  }
}
