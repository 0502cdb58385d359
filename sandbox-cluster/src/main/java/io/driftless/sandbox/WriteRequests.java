package io.driftless.sandbox;

import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the write requests (every method but GET) clients sent, by field manager ({@link
 * Managers}: the {@code fieldManager} parameter, else the User-Agent's product), whatever their
 * answer: a benchmark or a test sees how often a client wrote to the cluster. The simulated
 * controllers' own writes are not requests and are not counted.
 */
final class WriteRequests {

  private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

  void count(RecordedRequest request) {
    var method = request.getMethod();
    if (method == null || "GET".equalsIgnoreCase(method)) {
      return;
    }
    counts.computeIfAbsent(Managers.of(request), manager -> new LongAdder()).increment();
  }

  /** The counts so far, by manager. */
  Map<String, Long> snapshot() {
    var copy = new TreeMap<String, Long>();
    counts.forEach((manager, count) -> copy.put(manager, count.sum()));
    return copy;
  }
}
