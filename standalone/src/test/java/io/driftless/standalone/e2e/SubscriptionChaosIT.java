package io.driftless.standalone.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.testing.BrokerNames;
import io.driftless.events.testing.LocalDatabases;
import io.driftless.events.testing.LocalServices;
import io.driftless.events.testing.SideProcess;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import io.driftless.standalone.subscriptions.Receiver;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * The chaos suite with a webhook subscription (issue 30): both sides as real processes in the
 * {@code distributed} profile on the machine's MariaDB and RabbitMQ, a subscription to every type
 * and app whose target is a {@link Receiver} in this JVM on loopback, clients deploying all along
 * as {@link ChaosIT}'s do ({@link ChaosClient}: an {@code Idempotency-Key} per request, sent again
 * with it when the answer is lost); at random points of the stream the suite {@code kill -9}s the
 * command side and the query side (starting each again) and restarts RabbitMQ. Afterwards, once the
 * subscription's backlog is empty: every CloudEvent the event store calls for ({@link
 * WebhookOracle}: each sent event of every change, its CDEvent) reached the receiver at least once,
 * so every event of every acknowledged change did; and per app the first receipt of each event is
 * in event-store order. It prints the counts.
 *
 * <p>The short form runs in {@code ./mvnw verify}: one kill of each side, one broker restart. The
 * long form (standalone/README.md, "Chaos suite"): {@code -Dchaos.subscription.kills=12
 * -Dchaos.subscription.rabbit-restarts=3}; {@code -Dchaos.seed=N} repeats a run's choices.
 */
class SubscriptionChaosIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private static final Duration STARTUP = Duration.ofMinutes(3);

  private static final int KILLS = Integer.getInteger("chaos.subscription.kills", 2);
  private static final int RABBIT_RESTARTS =
      Integer.getInteger("chaos.subscription.rabbit-restarts", 1);
  private static final int CLIENTS = Integer.getInteger("chaos.subscription.clients", 2);
  private static final int APPS_PER_CLIENT = 2;
  private static final long SEED = Long.getLong("chaos.seed", System.nanoTime());

  private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  private static final String COMMAND_DB = "driftless_hookchaos_" + RUN + "_events";
  private static final String VIEWS_DB = "driftless_hookchaos_" + RUN + "_views";
  private static final BrokerNames BROKER =
      new BrokerNames("driftless.events.hookchaos-" + RUN, "driftless.views.hookchaos-" + RUN);
  private static final Path KUBECONFIG = Path.of("target", "hookchaos-kubeconfig-" + RUN + ".yaml");
  private static final String HOOK = "/hooks";

  private static SandboxCluster cluster;
  private static Receiver receiver;
  private static final CommandReplicas commandSide = new CommandReplicas(1);
  private static volatile SideProcess querySide;
  private static final AtomicInteger lifetimes = new AtomicInteger();
  private static String subscriptionId;

  @RegisterExtension
  static final TestWatcher PRINT_LOGS_ON_FAILURE =
      new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
          System.err.println("subscription chaos seed: -Dchaos.seed=" + SEED);
          for (var side : sides()) {
            System.err.println(side.tail());
          }
        }
      };

  private static List<SideProcess> sides() {
    var sides = new ArrayList<>(commandSide.started());
    if (querySide != null) {
      sides.add(querySide);
    }
    return sides;
  }

  @BeforeAll
  static void startBothSidesAndSubscribe() throws Exception {
    LocalDatabases.create(COMMAND_DB);
    LocalDatabases.create(VIEWS_DB);
    cluster = SandboxCluster.start(new SandboxSettings("127.0.0.1", 0, KUBECONFIG, null));
    receiver = new Receiver();
    querySide = startQuerySide();
    commandSide.set(0, startCommandSide());
    commandSide.get(0).awaitHealthy(STARTUP);
    querySide.awaitHealthy(STARTUP);
    // The API is open (no tokens): every caller has every role, admin included.
    var body = JSON.createObjectNode();
    body.put("url", receiver.answering(HOOK, 200));
    body.put("secret", "a-chaos-webhook-secret");
    body.putArray("types").add("*");
    body.putArray("apps").add("*");
    var response =
        HTTP.send(
            HttpRequest.newBuilder(querySide.uri("/api/subscriptions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString()))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
    subscriptionId = JSON.readTree(response.body()).path("id").asText();
  }

  private static SideProcess startQuerySide() throws IOException {
    return SideProcess.start(
        "query side",
        Path.of("..", "query-side", "target", "driftless-query-side.jar"),
        DistributedArgs.querySide(
            VIEWS_DB,
            COMMAND_DB,
            BROKER,
            "--driftless.security.dangerous-allow-open=true",
            "--driftless.delivery.recovery-interval=1s",
            "--driftless.secrets.key=" + LocalServices.secretsKey(),
            // The receiver is in this JVM, on loopback.
            "--driftless.subscriptions.allow-private-targets=true",
            // A killed process's claims run out after 2 x timeout + lease margin = 6 s.
            "--driftless.subscriptions.timeout=2s",
            "--driftless.subscriptions.lease-margin=2s",
            "--driftless.subscriptions.first-backoff=200ms",
            "--driftless.subscriptions.max-backoff=1s",
            "--driftless.subscriptions.poll-interval=100ms"),
        Path.of(
            "target", "hookchaos-" + RUN + "-query-side-" + lifetimes.incrementAndGet() + ".log"));
  }

  private static SideProcess startCommandSide() throws IOException {
    return SideProcess.start(
        "command side",
        Path.of("..", "command-side", "target", "driftless-command-side.jar"),
        DistributedArgs.commandSide(
            COMMAND_DB,
            KUBECONFIG,
            BROKER.exchange(),
            "--driftless.security.dangerous-allow-open=true",
            "--driftless.recovery.lease-duration=9s",
            "--driftless.recovery.check-period=3s"),
        Path.of(
            "target",
            "hookchaos-" + RUN + "-command-side-" + lifetimes.incrementAndGet() + ".log"));
  }

  @AfterAll
  static void stopEverythingAndRemoveTheirState() throws Exception {
    var failures = new ArrayList<Exception>();
    for (var side : sides()) {
      side.close();
    }
    if (receiver != null) {
      receiver.close();
    }
    if (cluster != null) {
      cluster.close();
    }
    Files.deleteIfExists(KUBECONFIG);
    BROKER.deleteAll(failures);
    LocalDatabases.drop(COMMAND_DB, failures);
    LocalDatabases.drop(VIEWS_DB, failures);
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
  }

  @Test
  void everyEventOfEveryAcknowledgedChangeReachesTheReceiverInOrderPerApp() throws Exception {
    var random = new Random(SEED);
    var clients = new ArrayList<ChaosClient>();
    var running = new ArrayList<Thread>();
    for (int c = 0; c < CLIENTS; c++) {
      var apps = new ArrayList<String>();
      for (int a = 0; a < APPS_PER_CLIENT; a++) {
        apps.add("hook-" + c + "-" + a);
      }
      var client = new ChaosClient(commandSide, apps, SEED + c, 0);
      clients.add(client);
      var thread = new Thread(client, "hookchaos-client-" + c);
      thread.start();
      running.add(thread);
    }

    var counts = new LinkedHashMap<String, Integer>();
    for (var action : plan(random)) {
      // A random point of the stream: after 1 to 4 more acknowledged deploys, while a deploy runs.
      var target = acknowledged(clients) + 1 + random.nextInt(4);
      await("deploys before " + action)
          .atMost(Duration.ofMinutes(2))
          .pollInterval(Duration.ofMillis(20))
          .until(() -> acknowledged(clients) >= target && inFlight(clients));
      System.out.printf(
          "subscription chaos: %s after %d acknowledged changes, %d deliveries received%n",
          action, acknowledged(clients), receiver.got(HOOK).size());
      counts.merge(action, 1, Integer::sum);
      switch (action) {
        case "kill -9 command side" -> {
          commandSide.killing(0);
          commandSide.get(0).kill();
          commandSide.killing(0);
          commandSide.set(0, startCommandSide());
          commandSide.get(0).awaitHealthy(STARTUP);
        }
        case "kill -9 query side" -> {
          querySide.kill();
          querySide = startQuerySide();
          querySide.awaitHealthy(STARTUP);
        }
        default ->
            RabbitRestart.restart(Path.of("target", "hookchaos-" + RUN + "-rabbitmqctl.log"));
      }
    }
    var last = acknowledged(clients);
    await("deploys after the chaos")
        .atMost(Duration.ofMinutes(2))
        .until(() -> acknowledged(clients) >= last + CLIENTS);
    clients.forEach(ChaosClient::stop);
    for (var thread : running) {
      thread.join(Duration.ofMinutes(3).toMillis());
      assertThat(thread.isAlive()).as("a client still waits for an answer").isFalse();
    }
    for (var client : clients) {
      assertThat(client.unexpected()).as("answers no client should get").isEmpty();
    }

    try (var store = new ChaosStore(COMMAND_DB)) {
      var acknowledged = new TreeSet<String>();
      clients.forEach(c -> acknowledged.addAll(c.acknowledgedChanges()));
      assertThat(store.startedChanges())
          .as("every acknowledged change is in the event store")
          .containsAll(acknowledged);
      await("no app left with a change in progress")
          .atMost(Duration.ofMinutes(1))
          .until(() -> store.appsWithAChangeInProgress().isEmpty());

      var events = store.events();
      var expected = WebhookOracle.expected(events, subscriptionId);
      var expectedIds = new HashSet<String>();
      expected.forEach(e -> expectedIds.add(e.id()));
      try {
        await("the backlog empty and every one of " + expected.size() + " CloudEvents received")
            .atMost(Duration.ofMinutes(3))
            .pollInterval(Duration.ofSeconds(1))
            .until(
                () -> {
                  var backlog = backlog();
                  return backlog.path("pending").asLong() + backlog.path("failed").asLong() == 0
                      && receivedIds().containsAll(expectedIds);
                });
      } finally {
        printCounts(counts, clients, acknowledged.size(), events.size(), expected);
      }
      assertThat(backlog().path("dead").asLong()).as("deliveries given up").isZero();
      var received = receivedIds();
      var ofAcknowledged =
          expected.stream().filter(e -> acknowledged.contains(e.changeId())).toList();
      assertThat(ofAcknowledged)
          .as("the started, finished and CDEvent of each acknowledged change")
          .hasSizeGreaterThanOrEqualTo(2 * acknowledged.size())
          .allMatch(e -> received.contains(e.id()));
      assertThat(new HashSet<>(received))
          .as("no CloudEvent the event store does not call for")
          .isEqualTo(expectedIds);
      assertThat(WebhookOracle.disorder(expected, received))
          .as("apps whose first receipts leave event-store order")
          .isEmpty();
      assertThat(acknowledged).as("acknowledged changes").hasSizeGreaterThan(CLIENTS);
    }
  }

  /** The chaos, shuffled: kills alternate between the sides, then the seed decides the order. */
  private static List<String> plan(Random random) {
    var actions = new ArrayList<String>();
    for (int i = 0; i < KILLS; i++) {
      actions.add(i % 2 == 0 ? "kill -9 command side" : "kill -9 query side");
    }
    for (int i = 0; i < RABBIT_RESTARTS; i++) {
      actions.add("RabbitMQ restart");
    }
    Collections.shuffle(actions, random);
    return actions;
  }

  private static int acknowledged(List<ChaosClient> clients) {
    return clients.stream().mapToInt(ChaosClient::acknowledgedCount).sum();
  }

  private static boolean inFlight(List<ChaosClient> clients) {
    return clients.stream().anyMatch(ChaosClient::inFlight);
  }

  /** The CloudEvent ids the receiver got, in the order it got them (repeats included). */
  private static List<String> receivedIds() {
    return receiver.got(HOOK).stream().map(r -> r.event().path("id").asText()).toList();
  }

  private static JsonNode backlog() throws IOException, InterruptedException {
    var response =
        HTTP.send(
            HttpRequest.newBuilder(querySide.uri("/api/subscriptions/" + subscriptionId))
                .timeout(Duration.ofSeconds(10))
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body()).path("backlog");
  }

  private static void printCounts(
      Map<String, Integer> counts,
      List<ChaosClient> clients,
      int acknowledged,
      int events,
      List<WebhookOracle.Expected> expected) {
    var received = receivedIds();
    var distinct = new HashSet<>(received).size();
    System.out.printf(
        "subscription chaos summary (seed %d): kills %d (command side %d, query side %d),"
            + " restarts %d, RabbitMQ restarts %d, acknowledged changes %d, closed by recovery %d,"
            + " requests retried with their key %d, events in the store %d, CloudEvents expected"
            + " %d (of App events %d), deliveries received %d (distinct %d, duplicates %d)%n",
        SEED,
        counts.getOrDefault("kill -9 command side", 0)
            + counts.getOrDefault("kill -9 query side", 0),
        counts.getOrDefault("kill -9 command side", 0),
        counts.getOrDefault("kill -9 query side", 0),
        counts.getOrDefault("kill -9 command side", 0)
            + counts.getOrDefault("kill -9 query side", 0),
        counts.getOrDefault("RabbitMQ restart", 0),
        acknowledged,
        clients.stream().mapToInt(ChaosClient::failedCount).sum(),
        clients.stream().mapToInt(ChaosClient::retriedCount).sum(),
        events,
        expected.size(),
        expected.stream().filter(WebhookOracle.Expected::ofApp).count(),
        received.size(),
        distinct,
        received.size() - distinct);
  }
}
