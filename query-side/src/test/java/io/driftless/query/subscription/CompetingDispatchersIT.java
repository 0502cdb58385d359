package io.driftless.query.subscription;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import com.zaxxer.hikari.HikariDataSource;
import io.driftless.diff.text.SecretKeys;
import io.driftless.events.EventEnvelope;
import io.driftless.query.projection.ProjectionApplier;
import io.driftless.query.projection.ViewJdbc;
import io.driftless.query.support.AppEvents;
import io.driftless.query.support.LocalServices;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * Two dispatchers (two query-side replicas) on one MariaDB database share the deliveries through
 * the leases: every row is sent exactly once when the target answers 200 at once, never two
 * requests for one row at the same time, and each app's events arrive in order.
 */
class CompetingDispatchersIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SubscriptionSettings SETTINGS =
      new SubscriptionSettings(
          true,
          false,
          true,
          Duration.ofSeconds(5),
          Duration.ofMillis(100),
          Duration.ofMillis(200),
          Duration.ofHours(1),
          Duration.ofMillis(20),
          8,
          null);
  private HikariDataSource dataSource;
  private HttpServer receiver;
  private final List<DeliveryDispatcher> dispatchers = new ArrayList<>();

  @BeforeEach
  void database() {
    dataSource = LocalServices.migratedViews("driftless_dispatchers_it");
  }

  @AfterEach
  void close() {
    dispatchers.forEach(DeliveryDispatcher::stop);
    if (receiver != null) {
      receiver.stop(0);
    }
    dataSource.close();
  }

  @Test
  void twoDispatchersSendEveryRowOnceAndInOrderPerApp() throws Exception {
    var received = new CopyOnWriteArrayList<String[]>();
    var inFlight = new ConcurrentHashMap<String, AtomicInteger>();
    var overlaps = new AtomicInteger();
    receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
    receiver.setExecutor(Executors.newFixedThreadPool(16));
    receiver.createContext(
        "/hook",
        exchange -> {
          var event =
              JSON.readTree(
                  new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          var id = event.path("id").asText();
          if (inFlight.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet() > 1) {
            overlaps.incrementAndGet();
          }
          received.add(
              new String[] {event.path("source").asText(), event.path("time").asText(), id});
          inFlight.get(id).decrementAndGet();
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    receiver.start();

    var store = subscribe(receiver.getAddress().getPort());
    seedRows();

    var registries = List.of(new SimpleMeterRegistry(), new SimpleMeterRegistry());
    for (var registry : registries) {
      var dispatcher =
          new DeliveryDispatcher(
              new Deliveries(JdbcClient.create(dataSource)),
              store,
              SETTINGS,
              new SubscriptionMetrics(registry));
      dispatchers.add(dispatcher);
      dispatcher.start();
    }

    await().atMost(Duration.ofSeconds(60)).until(() -> delivered() == 120);
    await()
        .during(Duration.ofMillis(500))
        .atMost(Duration.ofSeconds(3))
        .until(() -> received.size() == 120);
    assertThat(received.stream().map(r -> r[2]).distinct()).hasSize(120);
    assertThat(overlaps).hasValue(0);
    var perApp = new HashMap<String, List<String>>();
    received.forEach(r -> perApp.computeIfAbsent(r[0], k -> new ArrayList<>()).add(r[1]));
    perApp.values().forEach(times -> assertThat(times).isSorted());
    var split =
        registries.stream()
            .mapToDouble(
                r ->
                    r.find("driftless.subscription.deliveries").counters().stream()
                        .mapToDouble(c -> c.count())
                        .sum())
            .toArray();
    assertThat(split[0] + split[1]).isEqualTo(120.0);
    System.out.printf(
        "CompetingDispatchersIT: dispatcher 1 sent %.0f, dispatcher 2 sent %.0f%n",
        split[0], split[1]);
  }

  /**
   * A dispatcher stopped while its sends are on their way gives up their leases: another one sends
   * those rows at once, not once the leases run out (2 x 5 s timeout + the 30 s margin here). The
   * query side stopping cleanly (a deploy, a restart) must not hold an app's line for 40 s.
   */
  @Test
  void aStoppedDispatcherGivesUpItsLeases() throws Exception {
    var answering = new CountDownLatch(1);
    var received = new CopyOnWriteArrayList<String>();
    receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 100);
    receiver.setExecutor(Executors.newCachedThreadPool());
    receiver.createContext(
        "/hook",
        exchange -> {
          try {
            // the first dispatcher's sends hang until it has stopped
            answering.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          received.add(
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          exchange.sendResponseHeaders(200, -1);
          exchange.close();
        });
    receiver.start();
    var store = subscribe(receiver.getAddress().getPort());
    seedRows();

    var first = dispatcher(store);
    first.start();
    await("the first dispatcher's leases").atMost(Duration.ofSeconds(20)).until(() -> leased() > 0);
    first.stop();
    assertThat(leased()).as("rows still leased after the stop").isZero();

    answering.countDown();
    var second = dispatcher(store);
    second.start();
    // Well inside the 40 s the first dispatcher's leases would have lasted.
    await().atMost(Duration.ofSeconds(20)).until(() -> delivered() == 120);
  }

  private DeliveryDispatcher dispatcher(SubscriptionStore store) {
    var dispatcher =
        new DeliveryDispatcher(
            new Deliveries(JdbcClient.create(dataSource)),
            store,
            SETTINGS,
            new SubscriptionMetrics(new SimpleMeterRegistry()));
    dispatchers.add(dispatcher);
    return dispatcher;
  }

  private long leased() {
    return new JdbcTemplate(dataSource)
        .queryForObject(
            "SELECT COUNT(*) FROM event_delivery WHERE lease_owner IS NOT NULL", Long.class);
  }

  /** A subscription to the started and finished changes of every app, sent to {@code port}. */
  private SubscriptionStore subscribe(int port) {
    var seal =
        new SecretSeal(SecretKeys.of(Base64.getEncoder().encodeToString(new byte[32]), List.of()));
    var store = new SubscriptionStore(JdbcClient.create(dataSource), SETTINGS, Optional.of(seal));
    store.create(
        new SubscriptionRequest(
            "http://127.0.0.1:" + port + "/hook",
            List.of("change.started", "change.finished"),
            List.of("*"),
            "competing-dispatchers-secret"),
        "it");
    return store;
  }

  /** 20 events of each of 6 apps, through the views' applier: 120 delivery rows. */
  private void seedRows() {
    var applier =
        new ProjectionApplier(
            List.of(new SubscriptionOutbox()),
            ViewJdbc.of(dataSource),
            ProjectionApplier.transactions(new JdbcTransactionManager(dataSource)));
    var start = Instant.parse("2026-11-27T10:00:00Z");
    var events = new ArrayList<EventEnvelope>();
    for (int app = 0; app < 6; app++) {
      for (long sequence = 0; sequence < 20; sequence++) {
        events.add(AppEvents.event("ns/app-" + app, sequence, start.plusSeconds(sequence)));
      }
    }
    applier.applyAll(events);
    var rows =
        new JdbcTemplate(dataSource)
            .queryForObject("SELECT COUNT(*) FROM event_delivery", Long.class);
    assertThat(rows).isEqualTo(120);
  }

  private long delivered() {
    return new JdbcTemplate(dataSource)
        .queryForObject(
            "SELECT COUNT(*) FROM event_delivery WHERE status = 'delivered'", Long.class);
  }
}
