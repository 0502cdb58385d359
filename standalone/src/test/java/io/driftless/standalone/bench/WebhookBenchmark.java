package io.driftless.standalone.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import org.axonframework.eventsourcing.eventstore.EventStore;

/**
 * Issue 30's figures: webhook delivery latency (stored -> received) at a steady rate of changes,
 * and deliveries per second to a fast receiver after a burst. Runs on a standalone server (the
 * embedded defaults: H2, in-process delivery) in this JVM: changes are stored in its Axon event
 * store ({@link ChangeFeed}), its relay hands them to the views and the subscription outbox in one
 * transaction, its dispatcher POSTs the CloudEvents to a {@link FastReceiver} on loopback. One
 * subscription for every type and app: each change sends three (change.started, change.finished,
 * and the CDEvent of a successful deploy). Latency is the receiver's arrival time minus the
 * CloudEvent's {@code time}, which is the stored event's timestamp (one clock: the same JVM).
 *
 * <p>Options ({@code key=value}, space-separated): {@code apps} (100: the changes take turns over
 * them; deliveries are ordered per app, so this is the number of lines sent in parallel), {@code
 * resources} per change (3), {@code rate} changes per second (100), {@code warmup} seconds at that
 * rate first, not counted (10), {@code seconds} measured (20), {@code burst} changes stored at once
 * afterwards (2000; 0 skips it).
 */
final class WebhookBenchmark {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String SECRET = "webhook-benchmark-secret";
  private static final int PER_CHANGE = 3;

  private final int port;
  private final EventStore store;
  private final Map<String, String> options;
  private final PrintWriter out;
  private final HttpClient http = HttpClient.newHttpClient();

  WebhookBenchmark(int port, EventStore store, Map<String, String> options, PrintWriter out) {
    this.port = port;
    this.store = store;
    this.options = options;
    this.out = out;
  }

  void run() throws Exception {
    var apps = number("apps", 100);
    var resources = number("resources", 3);
    var rate = number("rate", 100);
    out.printf(
        "webhook delivery (issue 30): apps=%d resources=%d rate=%d warmup=%d seconds=%d burst=%d,"
            + " %d cores, %s%n",
        apps,
        resources,
        rate,
        number("warmup", 10),
        number("seconds", 20),
        number("burst", 2000),
        Runtime.getRuntime().availableProcessors(),
        load());
    try (var receiver = new FastReceiver(SECRET)) {
      var subscription = subscribe(receiver.url());
      var feed = new ChangeFeed(store, "hook-", apps, resources);
      var stored = 0L;
      stored += feed(feed, rate, number("warmup", 10));
      awaitAll(receiver, stored * PER_CHANGE);
      out.printf(
          "warm-up: %d changes at %d/s, all %d deliveries received%n",
          stored, rate, stored * PER_CHANGE);
      stored += steady(feed, receiver, subscription, rate, number("seconds", 20), stored);
      if (number("burst", 2000) > 0) {
        burst(feed, receiver, number("burst", 2000), stored);
      }
      out.printf(
          "receiver: %d requests, %d distinct CloudEvent ids; signatures checked %d, bad %d%n",
          receiver.requests(), receiver.distinct(), receiver.checked(), receiver.badSignatures());
      if (receiver.badSignatures() > 0 || receiver.checked() == 0) {
        throw new IllegalStateException("signatures not verified: " + receiver.badSignatures());
      }
    }
  }

  /** Stores {@code rate} changes a second for {@code seconds} on a fixed schedule; returns them. */
  private long feed(ChangeFeed feed, int rate, int seconds) {
    return feed(feed, rate, seconds, new long[1]);
  }

  private long feed(ChangeFeed feed, int rate, int seconds, long[] worstLateNanos) {
    var period = 1_000_000_000L / rate;
    var total = (long) rate * seconds;
    var start = System.nanoTime();
    for (long i = 0; i < total; i++) {
      var due = start + i * period;
      var wait = due - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
      }
      worstLateNanos[0] = Math.max(worstLateNanos[0], System.nanoTime() - due);
      feed.storeOne();
    }
    return total;
  }

  private long steady(
      ChangeFeed feed,
      FastReceiver receiver,
      String subscription,
      int rate,
      int seconds,
      long before)
      throws Exception {
    out.printf("steady: %d changes/s for %d s, %s%n", rate, seconds, load());
    var from = Instant.now();
    var cpu = cpuNanos();
    var late = new long[1];
    var changes = feed(feed, rate, seconds, late);
    var to = Instant.now();
    var expected = (before + changes) * PER_CHANGE;
    var waiting = expected - receiver.distinct();
    var backlog = get("/api/subscriptions/" + subscription).path("backlog");
    var cpuUsed = cpuNanos() - cpu;
    var loadAtEnd = load();
    var drained = awaitAll(receiver, expected);
    var arrivals =
        receiver.arrivals().stream()
            .filter(a -> !a.stored().isBefore(from) && a.stored().isBefore(to))
            .toList();
    var seconds2 = Duration.between(from, to).toNanos() / 1e9;
    out.printf(
        "  stored %d changes (%d events) in %.1f s = %.1f changes/s; appends at most %.1f ms"
            + " behind schedule%n",
        changes, changes * feed.eventsPerChange(), seconds2, changes / seconds2, late[0] / 1e6);
    out.printf(
        "  stored -> received over %d deliveries: p50 %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f"
            + " ms%n",
        arrivals.size(),
        percentile(arrivals, 0.50),
        percentile(arrivals, 0.95),
        percentile(arrivals, 0.99),
        percentile(arrivals, 1.0));
    out.printf(
        "  at the end of the feed: %d deliveries not yet received; the API's backlog %s; all"
            + " received %d ms later; %s%n",
        waiting, backlog, drained, loadAtEnd);
    out.printf(
        "  CPU of the server's JVM (store, relay, views, outbox, dispatcher, receiver): %.1f s ="
            + " %.0f us per delivery%n",
        cpuUsed / 1e9, cpuUsed / 1e3 / Math.max(1, changes * PER_CHANGE));
    return changes;
  }

  private void burst(ChangeFeed feed, FastReceiver receiver, int changes, long before)
      throws Exception {
    out.printf("burst: %d changes stored at once, %s%n", changes, load());
    var expected = (before + changes) * PER_CHANGE;
    var cpu = cpuNanos();
    var start = System.nanoTime();
    var from = Instant.now();
    for (int i = 0; i < changes; i++) {
      feed.storeOne();
    }
    var stored = System.nanoTime();
    var receivedWhileStoring = receiver.distinct() - before * PER_CHANGE;
    var loadAtEnd = load();
    awaitAll(receiver, expected);
    var done = System.nanoTime();
    var cpuUsed = cpuNanos() - cpu;
    var deliveries = (long) changes * PER_CHANGE;
    var arrivals = receiver.arrivals().stream().filter(a -> !a.stored().isBefore(from)).toList();
    out.printf(
        "  stored %d changes (%d events) in %.2f s = %.0f changes/s; %d of the %d deliveries"
            + " received meanwhile%n",
        changes,
        (long) changes * feed.eventsPerChange(),
        (stored - start) / 1e9,
        changes / ((stored - start) / 1e9),
        receivedWhileStoring,
        deliveries);
    out.printf(
        "  all %d received %.2f s after the first store = %.0f deliveries/s; after the last store:"
            + " %d in %.2f s = %.0f deliveries/s%n",
        deliveries,
        (done - start) / 1e9,
        deliveries / ((done - start) / 1e9),
        deliveries - receivedWhileStoring,
        (done - stored) / 1e9,
        (deliveries - receivedWhileStoring) / ((done - stored) / 1e9));
    out.printf(
        "  stored -> received: p50 %.0f ms, p99 %.0f ms, max %.0f ms; %s at the last store, %s"
            + " at the end%n",
        percentile(arrivals, 0.50),
        percentile(arrivals, 0.99),
        percentile(arrivals, 1.0),
        loadAtEnd,
        load());
    out.printf(
        "  CPU of the server's JVM: %.1f s = %.0f us per delivery%n",
        cpuUsed / 1e9, cpuUsed / 1e3 / deliveries);
  }

  /** Waits until {@code count} distinct deliveries arrived; returns the milliseconds it took. */
  private static long awaitAll(FastReceiver receiver, long count) {
    var start = System.nanoTime();
    org.awaitility.Awaitility.await()
        .atMost(Duration.ofMinutes(10))
        .pollDelay(Duration.ZERO)
        .pollInterval(Duration.ofMillis(5))
        .until(() -> receiver.distinct() >= count);
    return (System.nanoTime() - start) / 1_000_000;
  }

  /** Nearest rank over the arrivals' latencies, in milliseconds. */
  private static double percentile(List<FastReceiver.Arrival> arrivals, double p) {
    if (arrivals.isEmpty()) {
      return Double.NaN;
    }
    var sorted =
        arrivals.stream().mapToLong(FastReceiver.Arrival::latencyMicros).sorted().toArray();
    var rank = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, rank)] / 1000.0;
  }

  private String subscribe(String url) throws Exception {
    var body =
        JSON.writeValueAsString(
            Map.of("url", url, "types", List.of("*"), "apps", List.of("*"), "secret", SECRET));
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + "/api/subscriptions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 201) {
      throw new IllegalStateException(
          "subscribing: " + response.statusCode() + " " + response.body());
    }
    return JSON.readTree(response.body()).path("id").asText();
  }

  private JsonNode get(String path) throws Exception {
    var response =
        http.send(
            HttpRequest.newBuilder(URI.create(base() + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    return JSON.readTree(response.body());
  }

  private String base() {
    return "http://127.0.0.1:" + port;
  }

  private int number(String name, int otherwise) {
    return Integer.parseInt(options.getOrDefault(name, Integer.toString(otherwise)));
  }

  /** The machine's load averages (1, 5, 15 minutes), from /proc/loadavg. */
  static String load() {
    try {
      var fields = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return "load average " + fields[0] + " " + fields[1] + " " + fields[2];
    } catch (IOException e) {
      return String.format(
          Locale.ROOT,
          "load average %.2f",
          ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
  }

  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }
}
