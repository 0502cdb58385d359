package io.driftless.query.subscription;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Sends the delivery rows. Every poll it asks for the rows that head their (subscription, app) line
 * and are due, claims each with a lease (one conditional UPDATE: a row another process or an
 * earlier poll holds is skipped), and POSTs it without waiting (the JDK client's asynchronous send,
 * the timeout on the request): a slow or dead target holds one lease per app line of its own
 * subscription, never a thread, another subscription or the views. The answer decides the row: a
 * 2xx delivered; anything else, a timeout or a refused connection failed with the next try after
 * the backoff (1 s doubling, capped), or dead once it has been retried for the give-up age. Then
 * the next poll comes at once, so an app's next event follows its predecessor closely.
 *
 * <p>At least once: a row is marked only after its answer; a process that dies while sending leaves
 * the lease to run out, and the row is sent again (with the same CloudEvent id).
 */
public final class DeliveryDispatcher implements SmartLifecycle {

  private static final Logger log = LoggerFactory.getLogger(DeliveryDispatcher.class);
  private static final int GAUGE_EVERY = 8;
  private static final Duration STOP_WAIT = Duration.ofSeconds(5);

  private final Deliveries deliveries;
  private final SubscriptionStore store;
  private final SubscriptionSettings settings;
  private final SubscriptionMetrics metrics;
  private final String owner = "dispatcher-" + UUID.randomUUID();
  private final AtomicInteger inFlight = new AtomicInteger();
  private final Map<String, String> secrets = new ConcurrentHashMap<>();
  private ScheduledExecutorService poller;
  private ExecutorService senders;
  private HttpClient http;
  private volatile boolean running;
  private int polls;

  public DeliveryDispatcher(
      Deliveries deliveries,
      SubscriptionStore store,
      SubscriptionSettings settings,
      SubscriptionMetrics metrics) {
    this.deliveries = deliveries;
    this.store = store;
    this.settings = settings;
    this.metrics = metrics;
  }

  @Override
  public synchronized void start() {
    if (running) {
      return;
    }
    poller =
        Executors.newSingleThreadScheduledExecutor(
            r -> daemon(r, "driftless-subscriptions-poller"));
    senders = Executors.newCachedThreadPool(r -> daemon(r, "driftless-subscriptions-http"));
    http =
        HttpClient.newBuilder()
            .executor(senders)
            .connectTimeout(settings.timeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    running = true;
    var every = settings.pollInterval().toMillis();
    poller.scheduleWithFixedDelay(this::pollSafely, every, every, TimeUnit.MILLISECONDS);
  }

  private static Thread daemon(Runnable r, String name) {
    var thread = new Thread(r, name);
    thread.setDaemon(true);
    return thread;
  }

  /**
   * Stops polling (a poll under way ends first, for at most {@link #STOP_WAIT}), abandons the sends
   * on their way and gives up this dispatcher's leases, so that another replica, or this process
   * started again, sends those rows at once rather than once their leases run out (2 x timeout +
   * lease margin).
   */
  @Override
  public synchronized void stop() {
    running = false;
    if (poller == null) {
      return;
    }
    poller.shutdown();
    try {
      if (!poller.awaitTermination(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
        poller.shutdownNow();
      }
    } catch (InterruptedException e) {
      poller.shutdownNow();
      Thread.currentThread().interrupt();
    }
    senders.shutdownNow();
    try {
      var freed = deliveries.release(owner, null);
      if (freed > 0) {
        log.info("Gave up the leases of {} webhook deliveries on the way at stop", freed);
      }
    } catch (RuntimeException e) {
      log.warn("Giving up the webhook deliveries' leases at stop failed: {}", e.toString());
    }
  }

  @Override
  public boolean isAutoStartup() {
    return settings.enabled();
  }

  @Override
  public boolean isRunning() {
    return running;
  }

  /** Polls now, besides the schedule (after an answer: the app's next row may be due). */
  void wake() {
    if (running) {
      try {
        poller.execute(this::pollSafely);
      } catch (RuntimeException stopped) {
        // the poller was shut down meanwhile
      }
    }
  }

  private void pollSafely() {
    try {
      poll();
    } catch (RuntimeException e) {
      log.warn("Polling the webhook deliveries failed: {}", e.toString());
    }
  }

  /** One round: claims the due heads and starts sending them. */
  void poll() {
    if (!running) {
      return;
    }
    if (polls++ % GAUGE_EVERY == 0) {
      var ids = store.list().stream().map(Subscription::id).toList();
      metrics.oldestPending(ids, store.backlogs());
    }
    var room = settings.maxInFlight() - inFlight.get();
    if (room <= 0) {
      return;
    }
    var now = Instant.now();
    for (var due : deliveries.due(now, room)) {
      if (deliveries.claim(due.id(), owner, now, now.plus(settings.lease()))) {
        send(due);
      }
    }
  }

  private void send(Deliveries.Due due) {
    var target = store.target(due.subscriptionId());
    if (target.isEmpty()) {
      return; // deleted meanwhile, with its rows
    }
    String secret;
    try {
      secret = secrets.computeIfAbsent(due.subscriptionId(), id -> store.secret(target.get()));
    } catch (RuntimeException e) {
      finish(due, null, "cannot open the secret: " + e.getMessage());
      return;
    }
    var sentAt = Instant.now();
    var request =
        HttpRequest.newBuilder(target.get().url())
            .timeout(settings.timeout())
            .header("Content-Type", "application/cloudevents+json")
            .header(Signature.HEADER, Signature.header(secret, sentAt.getEpochSecond(), due.body()))
            .header("Driftless-Delivery", Long.toString(due.id()))
            .POST(HttpRequest.BodyPublishers.ofString(due.body()))
            .build();
    inFlight.incrementAndGet();
    CompletableFuture<HttpResponse<Void>> sending;
    try {
      sending = http.sendAsync(request, HttpResponse.BodyHandlers.discarding());
    } catch (RejectedExecutionException stopping) {
      // stopped meanwhile: the row is free again at once, not when its lease would run out
      inFlight.decrementAndGet();
      deliveries.release(owner, due.id());
      return;
    }
    sending.whenComplete(
        (response, error) -> {
          inFlight.decrementAndGet();
          if (error != null) {
            finish(due, null, describe(error));
          } else {
            finish(due, response.statusCode(), "HTTP " + response.statusCode());
          }
        });
  }

  private void finish(Deliveries.Due due, Integer status, String error) {
    try {
      var now = Instant.now();
      if (status != null && status >= 200 && status < 300) {
        deliveries.delivered(due.id(), owner, status, now);
        metrics.count(due.subscriptionId(), DeliveryStatus.DELIVERED);
      } else {
        var attempts = due.attempts() + 1;
        var next = now.plus(settings.backoff(attempts));
        var dead = !next.isBefore(due.retrySince().plus(settings.giveUpAfter()));
        deliveries.failed(due.id(), owner, status, error, now, next, dead);
        metrics.count(due.subscriptionId(), dead ? DeliveryStatus.DEAD : DeliveryStatus.FAILED);
      }
    } catch (RuntimeException e) {
      log.warn("Recording webhook delivery {} failed: {}", due.id(), e.toString());
    }
    wake();
  }

  private static String describe(Throwable error) {
    var cause = error.getCause() != null ? error.getCause() : error;
    var message = cause.getMessage();
    return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }
}
