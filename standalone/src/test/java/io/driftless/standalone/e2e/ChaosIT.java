package io.driftless.standalone.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.EventCatalog;
import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.BrokerNames;
import io.driftless.events.testing.LocalDatabases;
import io.driftless.events.testing.MachineBroker;
import io.driftless.events.testing.SideProcess;
import io.driftless.query.eventstore.EventStoreReader;
import io.driftless.query.support.DriftFold;
import io.driftless.query.support.SequentialFold;
import io.driftless.query.support.ViewTables;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The chaos suite: both sides as real processes in the {@code distributed} profile on the machine's
 * MariaDB and RabbitMQ, two command-side replicas on one event store, clients deploying all along
 * (each request with an {@code Idempotency-Key}, retried with the same key when its answer is lost,
 * on the next replica as a load balancer would, as the CLI does), while the suite, at random points
 * of the stream, {@code kill -9}s the command side during deploys and the query side during
 * delivery (and starts them again), restarts RabbitMQ ({@code rabbitmqctl stop_app}/{@code
 * start_app}) and cuts every MariaDB connection of both sides ({@code KILL CONNECTION}); all along,
 * a {@link ChaosTap} between the relay and the query side delivers the events shuffled, a tenth of
 * them twice. Afterwards every change a client saw acknowledged is in the event store, no app is
 * left with a change in progress, and every view equals, row for row, the sequential fold of the
 * event store ({@link SequentialFold}, {@link DriftFold}). It prints the counts.
 *
 * <p>The short form runs in {@code ./mvnw verify}: 4 kills, 1 broker restart, 1 connection cut. The
 * long form (standalone/README.md, "Chaos suite"): {@code -Dchaos.kills=24
 * -Dchaos.rabbit-restarts=3 -Dchaos.db-cuts=3}; {@code -Dchaos.seed=N} repeats a run's choices.
 * RabbitMQ's restart stops the machine's broker for a few seconds: run the long form when nothing
 * else uses it.
 */
class ChaosIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private static final Duration STARTUP = Duration.ofMinutes(3);
  private static final int KEEP = 200;

  private static final int KILLS = Integer.getInteger("chaos.kills", 4);
  private static final int RABBIT_RESTARTS = Integer.getInteger("chaos.rabbit-restarts", 1);
  private static final int DB_CUTS = Integer.getInteger("chaos.db-cuts", 1);
  private static final int CLIENTS = Integer.getInteger("chaos.clients", 3);
  private static final int REPLICAS = Integer.getInteger("chaos.command-replicas", 2);
  private static final int APPS_PER_CLIENT = 2;
  private static final long SEED = Long.getLong("chaos.seed", System.nanoTime());

  private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  private static final String COMMAND_DB = "driftless_chaos_" + RUN + "_events";
  private static final String VIEWS_DB = "driftless_chaos_" + RUN + "_views";
  private static final String RELAY_EXCHANGE = "driftless.events.chaos-" + RUN;
  private static final BrokerNames VIEWS_BROKER =
      new BrokerNames("driftless.events.chaos-tapped-" + RUN, "driftless.views.chaos-" + RUN);
  private static final String TAP_QUEUE = "driftless.chaos-tap-" + RUN;
  private static final Path KUBECONFIG = Path.of("target", "chaos-kubeconfig-" + RUN + ".yaml");

  private static SandboxCluster cluster;
  private static ChaosTap tap;
  private static final AtomicReferenceArray<SideProcess> commandSides =
      new AtomicReferenceArray<>(REPLICAS);
  private static volatile SideProcess querySide;
  private static final AtomicInteger lifetimes = new AtomicInteger();
  // What a change may fail by: a kill of the replica running it, or the cut of its connections.
  private static final AtomicIntegerArray replicaKills = new AtomicIntegerArray(REPLICAS);
  private static final AtomicInteger databaseCuts = new AtomicInteger();

  @RegisterExtension
  static final TestWatcher PRINT_LOGS_ON_FAILURE =
      new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
          System.err.println("chaos seed: -Dchaos.seed=" + SEED);
          for (var side : sides()) {
            System.err.println(side.tail());
          }
        }
      };

  private static List<SideProcess> sides() {
    var sides = new ArrayList<SideProcess>();
    for (int i = 0; i < REPLICAS; i++) {
      if (commandSides.get(i) != null) {
        sides.add(commandSides.get(i));
      }
    }
    if (querySide != null) {
      sides.add(querySide);
    }
    return sides;
  }

  @BeforeAll
  static void startBothSides() throws Exception {
    LocalDatabases.create(COMMAND_DB);
    LocalDatabases.create(VIEWS_DB);
    cluster = SandboxCluster.start(new SandboxSettings("127.0.0.1", 0, KUBECONFIG, null));
    tap =
        new ChaosTap(
            BrokerNames.amqpUri(), RELAY_EXCHANGE, TAP_QUEUE, VIEWS_BROKER.exchange(), SEED, 50);
    tap.start();
    querySide = startQuerySide();
    // One replica first: it creates the event store's tables, which the others then find.
    commandSides.set(0, startCommandSide(0));
    commandSides.get(0).awaitHealthy(STARTUP);
    for (int i = 1; i < REPLICAS; i++) {
      commandSides.set(i, startCommandSide(i));
    }
    for (int i = 1; i < REPLICAS; i++) {
      commandSides.get(i).awaitHealthy(STARTUP);
    }
    querySide.awaitHealthy(STARTUP);
  }

  private static SideProcess startQuerySide() throws IOException {
    return SideProcess.start(
        "query side",
        Path.of("..", "query-side", "target", "driftless-query-side.jar"),
        DistributedArgs.querySide(
            VIEWS_DB,
            COMMAND_DB,
            VIEWS_BROKER,
            "--driftless.security.dangerous-allow-open=true",
            "--driftless.delivery.recovery-interval=1s",
            "--driftless.history.keep=" + KEEP),
        Path.of("target", "chaos-" + RUN + "-query-side-" + lifetimes.incrementAndGet() + ".log"));
  }

  private static SideProcess startCommandSide(int replica) throws IOException {
    return SideProcess.start(
        "command side " + replica,
        Path.of("..", "command-side", "target", "driftless-command-side.jar"),
        DistributedArgs.commandSide(
            COMMAND_DB,
            KUBECONFIG,
            RELAY_EXCHANGE,
            "--driftless.security.dangerous-allow-open=true",
            // A killed replica's changes are closed by the other after 9 s instead of 30 s.
            "--driftless.recovery.lease-duration=9s",
            "--driftless.recovery.check-period=3s"),
        Path.of(
            "target",
            "chaos-"
                + RUN
                + "-command-side-"
                + replica
                + "-"
                + lifetimes.incrementAndGet()
                + ".log"));
  }

  @AfterAll
  static void stopEverythingAndRemoveTheirState() throws Exception {
    var failures = new ArrayList<Exception>();
    for (var side : sides()) {
      side.close();
    }
    if (tap != null) {
      tap.close();
    }
    if (cluster != null) {
      cluster.close();
    }
    Files.deleteIfExists(KUBECONFIG);
    VIEWS_BROKER.deleteAll(failures);
    new BrokerNames(RELAY_EXCHANGE, TAP_QUEUE).deleteAll(failures);
    LocalDatabases.drop(COMMAND_DB, failures);
    LocalDatabases.drop(VIEWS_DB, failures);
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
  }

  @Test
  void nothingAcknowledgedIsLostAndEveryViewEqualsTheFoldOfTheStore() throws Exception {
    var random = new Random(SEED);
    var clients = new ArrayList<ChaosClient>();
    for (int c = 0; c < CLIENTS; c++) {
      var apps = new ArrayList<String>();
      for (int a = 0; a < APPS_PER_CLIENT; a++) {
        apps.add("chaos-" + c + "-" + a);
      }
      clients.add(new ChaosClient(apps, SEED + c, c));
    }
    var running = new ArrayList<Thread>();
    for (var client : clients) {
      var thread = new Thread(client, "chaos-client-" + running.size());
      thread.start();
      running.add(thread);
    }

    var actions = plan(random);
    var counts = new LinkedHashMap<String, Integer>();
    for (var action : actions) {
      // A random point of the stream: after 1 to 4 more acknowledged deploys, while a deploy runs.
      var target = acknowledged(clients) + 1 + random.nextInt(4);
      await("deploys before " + action)
          .atMost(Duration.ofMinutes(2))
          .pollInterval(Duration.ofMillis(20))
          .until(() -> acknowledged(clients) >= target && inFlight(clients) > 0);
      System.out.printf("chaos: %s after %d acknowledged changes%n", action, acknowledged(clients));
      counts.merge(action.label, 1, Integer::sum);
      switch (action) {
        case KILL_COMMAND_SIDE -> {
          var replica = random.nextInt(REPLICAS);
          // Before and after: a request that starts in between meets the kill too.
          replicaKills.incrementAndGet(replica);
          commandSides.get(replica).kill();
          replicaKills.incrementAndGet(replica);
          commandSides.set(replica, startCommandSide(replica));
          commandSides.get(replica).awaitHealthy(STARTUP);
        }
        case KILL_QUERY_SIDE -> {
          querySide.kill();
          querySide = startQuerySide();
          querySide.awaitHealthy(STARTUP);
        }
        case RESTART_RABBITMQ -> restartRabbitMq();
        case CUT_DATABASE_CONNECTIONS -> {
          databaseCuts.incrementAndGet();
          counts.merge("database connections killed", cutDatabaseConnections(), Integer::sum);
          databaseCuts.incrementAndGet();
        }
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

    try (var store = new Store(COMMAND_DB)) {
      var acknowledged = new TreeSet<String>();
      clients.forEach(c -> acknowledged.addAll(c.acknowledgedChanges()));
      assertThat(store.startedChanges())
          .as("every acknowledged change is in the event store")
          .containsAll(acknowledged);
      await("no app left with a change in progress")
          .atMost(Duration.ofMinutes(1))
          .until(() -> store.appsWithAChangeInProgress().isEmpty());

      var events = store.events();
      var expected = new SequentialFold(events, KEEP);
      var drift = new DriftFold(events, KEEP);
      var views = viewsDataSource();
      var tables = new ViewTables(views);
      var divergent = new AtomicReference<Map<String, Integer>>(Map.of());
      try {
        await("every view equals the sequential fold of " + events.size() + " events")
            .atMost(Duration.ofMinutes(3))
            .pollInterval(Duration.ofSeconds(1))
            .until(
                () -> {
                  var now = new LinkedHashMap<String, Integer>();
                  now.put("app_change", diff(tables.changes(), expected.changes()));
                  now.put(
                      "app_change_resource",
                      diff(tables.changeResources(), expected.changeResources()));
                  now.put("app_overview", diff(tables.overview(), expected.overview()));
                  now.put("app_resource_count", diff(tables.counts(), expected.counts()));
                  now.put("resource_inventory", diff(tables.inventory(), expected.inventory()));
                  now.put(
                      "drift_change", diff(DriftFold.driftChanges(views), drift.driftChanges()));
                  now.put("ghost_diff", diff(DriftFold.ghostDiffs(views), drift.ghostDiffs()));
                  now.put(
                      "app_change_ghost",
                      diff(DriftFold.historyGhosts(views), drift.historyGhosts()));
                  divergent.set(now);
                  return now.values().stream().allMatch(n -> n == 0);
                });
      } finally {
        var rows = divergent.get().values().stream().mapToInt(Integer::intValue).sum();
        printCounts(counts, clients, acknowledged.size(), events.size(), rows, divergent.get());
      }
      assertThat(expected.changes()).as("changes in the views").hasSizeGreaterThan(CLIENTS);
    }
  }

  /** The chaos, shuffled: kills alternate between the sides, then the seed decides the order. */
  private static List<Action> plan(Random random) {
    var actions = new ArrayList<Action>();
    for (int i = 0; i < KILLS; i++) {
      actions.add(i % 2 == 0 ? Action.KILL_COMMAND_SIDE : Action.KILL_QUERY_SIDE);
    }
    for (int i = 0; i < RABBIT_RESTARTS; i++) {
      actions.add(Action.RESTART_RABBITMQ);
    }
    for (int i = 0; i < DB_CUTS; i++) {
      actions.add(Action.CUT_DATABASE_CONNECTIONS);
    }
    Collections.shuffle(actions, random);
    return actions;
  }

  private enum Action {
    KILL_COMMAND_SIDE("kill -9 command side"),
    KILL_QUERY_SIDE("kill -9 query side"),
    RESTART_RABBITMQ("RabbitMQ restart"),
    CUT_DATABASE_CONNECTIONS("MariaDB connection cut");

    private final String label;

    Action(String label) {
      this.label = label;
    }

    @Override
    public String toString() {
      return label;
    }
  }

  private static int acknowledged(List<ChaosClient> clients) {
    return clients.stream().mapToInt(ChaosClient::acknowledgedCount).sum();
  }

  private static int inFlight(List<ChaosClient> clients) {
    return (int) clients.stream().filter(ChaosClient::inFlight).count();
  }

  /**
   * {@code rabbitmqctl stop_app} and {@code start_app}: queues and messages on disk survive. Once
   * no test of another fork uses the broker ({@link MachineBroker}).
   */
  private static void restartRabbitMq() throws Exception {
    MachineBroker.alone(
        () -> {
          rabbitmqctl("stop_app");
          rabbitmqctl("start_app");
          rabbitmqctl("await_startup");
        });
  }

  private static void rabbitmqctl(String command) throws Exception {
    var process =
        new ProcessBuilder("rabbitmqctl", command)
            .redirectErrorStream(true)
            .redirectOutput(Path.of("target", "chaos-" + RUN + "-rabbitmqctl.log").toFile())
            .start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("rabbitmqctl " + command).isTrue();
    assertThat(process.exitValue()).as("rabbitmqctl " + command).isZero();
  }

  /** {@code KILL CONNECTION} of every connection either side holds to its database. */
  private static int cutDatabaseConnections() throws Exception {
    try (var connection =
        DriverManager.getConnection(
            LocalDatabases.url("test"), LocalDatabases.user(), LocalDatabases.password())) {
      var ids = new ArrayList<Long>();
      try (var statement =
          connection.prepareStatement(
              "SELECT id FROM information_schema.processlist WHERE db IN (?, ?)")) {
        statement.setString(1, COMMAND_DB);
        statement.setString(2, VIEWS_DB);
        try (var rows = statement.executeQuery()) {
          while (rows.next()) {
            ids.add(rows.getLong(1));
          }
        }
      }
      for (var id : ids) {
        try (var kill = connection.createStatement()) {
          kill.execute("KILL CONNECTION " + id);
        } catch (SQLException gone) {
          // closed on its own meanwhile
        }
      }
      assertThat(ids).as("connections of the two sides to cut").isNotEmpty();
      return ids.size();
    }
  }

  private static DataSource viewsDataSource() {
    return new DriverManagerDataSource(
        LocalDatabases.url(VIEWS_DB), LocalDatabases.user(), LocalDatabases.password());
  }

  private static int diff(Set<String> actual, Set<String> expected) {
    var missing = new HashSet<>(expected);
    missing.removeAll(actual);
    var unexpected = new HashSet<>(actual);
    unexpected.removeAll(expected);
    return missing.size() + unexpected.size();
  }

  private static void printCounts(
      Map<String, Integer> counts,
      List<ChaosClient> clients,
      int acknowledged,
      int events,
      int divergentRows,
      Map<String, Integer> divergentByTable) {
    var failed = clients.stream().mapToInt(ChaosClient::failedCount).sum();
    var retried = clients.stream().mapToInt(ChaosClient::retriedCount).sum();
    var clusterErrors = clients.stream().mapToInt(ChaosClient::clusterErrorCount).sum();
    var kills =
        counts.getOrDefault(Action.KILL_COMMAND_SIDE.label, 0)
            + counts.getOrDefault(Action.KILL_QUERY_SIDE.label, 0);
    System.out.printf(
        "chaos summary (seed %d): kills %d (command side %d, query side %d), RabbitMQ restarts %d,"
            + " MariaDB connection cuts %d (%d connections), acknowledged changes %d, closed by"
            + " recovery %d, cluster errors %d,"
            + " requests retried with their key %d, events checked %d, deliveries tapped %d"
            + " (published %d, duplicated %d, out of order %d, windows cut %d), missing"
            + " acknowledged 0, divergent rows %d %s%n",
        SEED,
        kills,
        counts.getOrDefault(Action.KILL_COMMAND_SIDE.label, 0),
        counts.getOrDefault(Action.KILL_QUERY_SIDE.label, 0),
        counts.getOrDefault(Action.RESTART_RABBITMQ.label, 0),
        counts.getOrDefault(Action.CUT_DATABASE_CONNECTIONS.label, 0),
        counts.getOrDefault("database connections killed", 0),
        acknowledged,
        failed,
        clusterErrors,
        retried,
        events,
        tap.taken(),
        tap.published(),
        tap.duplicated(),
        tap.reordered(),
        tap.interrupted(),
        divergentRows,
        divergentByTable);
  }

  /** The event store, read with JDBC as the oracle needs it. */
  private static final class Store implements AutoCloseable {

    private final DriverManagerDataSource dataSource;
    private final JdbcClient jdbc;

    Store(String database) {
      this.dataSource =
          new DriverManagerDataSource(
              LocalDatabases.url(database), LocalDatabases.user(), LocalDatabases.password());
      this.jdbc = JdbcClient.create(dataSource);
    }

    Set<String> startedChanges() throws IOException {
      var ids = new TreeSet<String>();
      for (var payload :
          jdbc.sql("SELECT payload FROM domain_event_entry WHERE payload_type = ?")
              .param(AppChangeStarted.class.getName())
              .query(byte[].class)
              .list()) {
        ids.add(JSON.readTree(payload).get("changeId").asText());
      }
      return ids;
    }

    /** Apps whose newest event is a change's start: a change nobody will finish. */
    List<String> appsWithAChangeInProgress() {
      return jdbc.sql(
              """
              SELECT e.aggregate_identifier FROM domain_event_entry e
              JOIN (SELECT aggregate_identifier, MAX(sequence_number) AS seq
                    FROM domain_event_entry WHERE type = ? GROUP BY aggregate_identifier) newest
                ON e.aggregate_identifier = newest.aggregate_identifier
               AND e.sequence_number = newest.seq
              WHERE e.payload_type = ?
              """)
          .params(EventCatalog.APP, AppChangeStarted.class.getName())
          .query(String.class)
          .list();
    }

    List<EventEnvelope> events() {
      var reader = new EventStoreReader(jdbc);
      var events = new ArrayList<EventEnvelope>();
      long after = -1;
      while (true) {
        var page = reader.readAfter(after, 5_000);
        if (page.isEmpty()) {
          return events;
        }
        for (var indexed : page) {
          events.add(indexed.event());
          after = indexed.globalIndex();
        }
      }
    }

    @Override
    public void close() {}
  }

  /**
   * One deploy client: deploys its own apps in turn (so its requests never meet another client's
   * change), each request with a fresh {@code Idempotency-Key}; a request whose answer is lost (the
   * connection broke, the server is starting, its change still runs) is sent again with the same
   * key until an answer comes, as the CLI does.
   */
  static final class ChaosClient implements Runnable {

    private final List<String> apps;
    private final Random random;
    private int replica;
    private final Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    private final List<String> unexpected = new CopyOnWriteArrayList<>();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicInteger retried = new AtomicInteger();
    private final AtomicInteger clusterErrors = new AtomicInteger();
    private volatile boolean inFlight;
    private volatile boolean running = true;

    ChaosClient(List<String> apps, long seed, int replica) {
      this.apps = apps;
      this.random = new Random(seed);
      this.replica = replica % REPLICAS;
    }

    @Override
    public void run() {
      var round = 0;
      while (running) {
        var app = apps.get(round % apps.size());
        try {
          deploy(app, manifest(app, round), UUID.randomUUID().toString());
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        } catch (Exception e) {
          unexpected.add(app + ": " + e);
        }
        round++;
      }
    }

    private void deploy(String app, String manifest, String key) throws Exception {
      var deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      var first = replica;
      var killsBefore = replicaKills.get(first);
      var cutsBefore = databaseCuts.get();
      inFlight = true;
      try {
        for (var attempt = 0; ; attempt++) {
          if (attempt > 0) {
            retried.incrementAndGet();
            Thread.sleep(200); // the client's back-off between retries, as the CLI's
          }
          if (System.nanoTime() > deadline) {
            unexpected.add(app + ": no answer for key " + key + " within 3 minutes");
            return;
          }
          HttpResponse<String> response;
          try {
            var request =
                HttpRequest.newBuilder(
                        commandSides.get(replica).uri("/api/apps/default/" + app + "/deploy"))
                    .timeout(Duration.ofSeconds(60))
                    .header("Content-Type", "application/yaml")
                    .header("Idempotency-Key", key)
                    .POST(HttpRequest.BodyPublishers.ofString(manifest))
                    .build();
            response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
          } catch (IOException lost) {
            replica = (replica + 1) % REPLICAS; // as a load balancer would: the next replica
            continue;
          }
          switch (response.statusCode()) {
            case 200 -> {
              var changeId = JSON.readTree(response.body()).get("changeId");
              if (changeId != null && changeId.isTextual()) {
                acknowledged.add(changeId.asText());
              }
              return;
            }
            case 502 -> {
              if (response.body().contains("\"cluster_error\"")) {
                // the cluster (the sandbox, in this JVM under the suite's load) refused or timed
                // out: recorded as failed, as a real cluster's failure would be
                clusterErrors.incrementAndGet();
                return;
              }
              // Otherwise the change was closed by crash recovery: only a crash of the replica
              // that ran it, or the loss of its database connection, may do that. A change closed
              // while its replica still runs it is a bug.
              if (replicaKills.get(first) == killsBefore && databaseCuts.get() == cutsBefore) {
                unexpected.add(app + ": 502 with no crash of its replica: " + response.body());
              }
              failed.incrementAndGet();
              return;
            }
            case 409, 503, 500 -> {
              // its change still runs, the server is busy or lost its database for a moment
            }
            default -> {
              unexpected.add(app + ": " + response.statusCode() + " " + response.body());
              return;
            }
          }
        }
      } finally {
        inFlight = false;
      }
    }

    private String manifest(String app, int round) {
      var replicas = 1 + random.nextInt(3);
      return """
          apiVersion: v1
          kind: ConfigMap
          metadata:
            name: %1$s-settings
            namespace: default
          data:
            round: "%2$d"
          ---
          apiVersion: apps/v1
          kind: Deployment
          metadata:
            name: %1$s-web
            namespace: default
          spec:
            replicas: %3$d
            selector:
              matchLabels:
                app: %1$s
            template:
              metadata:
                labels:
                  app: %1$s
              spec:
                containers:
                - name: web
                  image: nginx:1.27
                  env:
                  - name: ROUND
                    value: "%2$d"
          """
          .formatted(app, round, replicas);
    }

    void stop() {
      running = false;
    }

    boolean inFlight() {
      return inFlight;
    }

    int acknowledgedCount() {
      return acknowledged.size();
    }

    Set<String> acknowledgedChanges() {
      return acknowledged;
    }

    int failedCount() {
      return failed.get();
    }

    int retriedCount() {
      return retried.get();
    }

    int clusterErrorCount() {
      return clusterErrors.get();
    }

    List<String> unexpected() {
      return unexpected;
    }
  }
}
