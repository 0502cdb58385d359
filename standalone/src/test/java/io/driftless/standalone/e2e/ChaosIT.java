package io.driftless.standalone.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.driftless.events.EventEnvelope;
import io.driftless.events.testing.BrokerNames;
import io.driftless.events.testing.LocalDatabases;
import io.driftless.events.testing.MachineBroker;
import io.driftless.events.testing.SideProcess;
import io.driftless.query.support.DriftFold;
import io.driftless.query.support.SequentialFold;
import io.driftless.query.support.ViewTables;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;
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
 * event store ({@link SequentialFold}, {@link DriftFold}). A webhook subscription to every type of
 * one client's apps ({@link ChaosSubscription}, issue 30) runs through it all: once its backlog is
 * empty, every CloudEvent the event store calls for arrived (each event of every acknowledged
 * change and its CDEvent, with the promised id), nothing else, and per app in store order. It
 * prints the counts.
 *
 * <p>The short form runs in {@code ./mvnw verify}: 4 kills, 1 broker restart, 1 connection cut. The
 * long form (standalone/README.md, "Chaos suite"): {@code -Dchaos.kills=24
 * -Dchaos.rabbit-restarts=3 -Dchaos.db-cuts=3}; {@code -Dchaos.seed=N} repeats a run's choices.
 * RabbitMQ's restart stops the machine's broker for a few seconds: run the long form when nothing
 * else uses it.
 */
class ChaosIT {

  private static final Duration STARTUP = Duration.ofMinutes(3);
  private static final int KEEP = 200;

  private static final int KILLS = Integer.getInteger("chaos.kills", 4);
  private static final int RABBIT_RESTARTS = Integer.getInteger("chaos.rabbit-restarts", 1);
  private static final int DB_CUTS = Integer.getInteger("chaos.db-cuts", 1);
  private static final int CLIENTS = Integer.getInteger("chaos.clients", 3);
  private static final int REPLICAS = Integer.getInteger("chaos.command-replicas", 2);
  private static final int APPS_PER_CLIENT = 2;
  private static final long SEED = Long.getLong("chaos.seed", System.nanoTime());
  private static final String RETRY_FIRST_DELAY =
      System.getProperty("chaos.retry-first-delay", "50ms");

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
  private static final CommandReplicas commandSides = new CommandReplicas(REPLICAS);
  private static volatile SideProcess querySide;
  private static ChaosSubscription subscription;
  private static final AtomicInteger lifetimes = new AtomicInteger();

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
    var sides = new ArrayList<>(commandSides.started());
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
    // Client 0's apps: the subscription's deliveries grow with its apps' changes, not the run's.
    subscription =
        new ChaosSubscription(Set.of("default/" + appName(0, 0), "default/" + appName(0, 1)));
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
    subscription.subscribe(querySide);
  }

  private static String appName(int client, int app) {
    return "chaos-" + client + "-" + app;
  }

  private static SideProcess startQuerySide() throws IOException {
    var args = new ArrayList<String>();
    args.add("--driftless.security.dangerous-allow-open=true");
    args.add("--driftless.delivery.recovery-interval=1s");
    args.add("--driftless.delivery.retry.first-delay=" + RETRY_FIRST_DELAY);
    args.add("--driftless.history.keep=" + KEEP);
    args.addAll(ChaosSubscription.querySideArgs());
    return SideProcess.start(
        "query side",
        Path.of("..", "query-side", "target", "driftless-query-side.jar"),
        DistributedArgs.querySide(VIEWS_DB, COMMAND_DB, VIEWS_BROKER, args.toArray(String[]::new)),
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
    if (subscription != null) {
      subscription.close();
    }
    if (cluster != null) {
      cluster.close();
    }
    Files.deleteIfExists(KUBECONFIG);
    MachineBroker.whileUp(
        () -> {
          VIEWS_BROKER.deleteAll(failures);
          new BrokerNames(RELAY_EXCHANGE, TAP_QUEUE).deleteAll(failures);
        });
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
        apps.add(appName(c, a));
      }
      clients.add(new ChaosClient(commandSides, apps, SEED + c, c));
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
      System.out.printf(
          "chaos: %s after %d acknowledged changes, %d deliveries received%n",
          action, acknowledged(clients), subscription.received());
      counts.merge(action.label, 1, Integer::sum);
      switch (action) {
        case KILL_COMMAND_SIDE -> {
          var replica = random.nextInt(REPLICAS);
          // Before and after: a request that starts in between meets the kill too.
          commandSides.killing(replica);
          commandSides.get(replica).kill();
          commandSides.killing(replica);
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
          commandSides.cutting();
          counts.merge("database connections killed", cutDatabaseConnections(), Integer::sum);
          commandSides.cutting();
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

    try (var store = new ChaosStore(COMMAND_DB)) {
      var acknowledged = new TreeSet<String>();
      clients.forEach(c -> acknowledged.addAll(c.acknowledgedChanges()));
      assertThat(store.startedChanges())
          .as("every acknowledged change is in the event store")
          .containsAll(acknowledged);
      await("no app left with a change in progress")
          .atMost(Duration.ofMinutes(1))
          .until(() -> store.appsWithAChangeInProgress().isEmpty());

      // The store is read again at every look: a reconcile may still put back what a change
      // closed by recovery left half applied, after the last client's deploy (a new change the
      // views then hold and a fold read before it lacks).
      var views = viewsDataSource();
      var tables = new ViewTables(views);
      var folded = new AtomicReference<Folded>();
      var divergent = new AtomicReference<Map<String, Integer>>(Map.of());
      try {
        await("every view equals the sequential fold of the event store")
            .atMost(Duration.ofMinutes(3))
            .pollInterval(Duration.ofSeconds(1))
            .until(
                () -> {
                  var fold = new Folded(store.events());
                  folded.set(fold);
                  var expected = fold.sequential();
                  var drift = fold.drift();
                  var now = new LinkedHashMap<String, Integer>();
                  now.put("app_change", diff("app_change", tables.changes(), expected.changes()));
                  now.put(
                      "app_change_resource",
                      diff(
                          "app_change_resource",
                          tables.changeResources(),
                          expected.changeResources()));
                  now.put(
                      "app_overview", diff("app_overview", tables.overview(), expected.overview()));
                  now.put(
                      "app_resource_count",
                      diff("app_resource_count", tables.counts(), expected.counts()));
                  now.put(
                      "resource_inventory",
                      diff("resource_inventory", tables.inventory(), expected.inventory()));
                  now.put(
                      "drift_change",
                      diff("drift_change", DriftFold.driftChanges(views), drift.driftChanges()));
                  now.put(
                      "ghost_diff",
                      diff("ghost_diff", DriftFold.ghostDiffs(views), drift.ghostDiffs()));
                  now.put(
                      "app_change_ghost",
                      diff(
                          "app_change_ghost",
                          DriftFold.historyGhosts(views),
                          drift.historyGhosts()));
                  divergent.set(now);
                  return now.values().stream().allMatch(n -> n == 0);
                });
      } finally {
        var rows = divergent.get().values().stream().mapToInt(Integer::intValue).sum();
        var checked = folded.get() == null ? 0 : folded.get().events().size();
        printCounts(counts, clients, acknowledged.size(), checked, rows, divergent.get());
        if (rows > 0) {
          DIFFERENCES.forEach(
              (table, differences) ->
                  differences.forEach(row -> System.out.println("chaos " + table + ": " + row)));
        }
      }
      assertThat(folded.get().sequential().changes())
          .as("changes in the views")
          .hasSizeGreaterThan(CLIENTS);
      subscription.check(store::events, acknowledged, () -> querySide);
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

  private static void restartRabbitMq() throws Exception {
    RabbitRestart.restart(Path.of("target", "chaos-" + RUN + "-rabbitmqctl.log"));
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

  /** The event store as read at one look, folded as the views should hold it. */
  private record Folded(List<EventEnvelope> events, SequentialFold sequential, DriftFold drift) {
    Folded(List<EventEnvelope> events) {
      this(events, new SequentialFold(events, KEEP), new DriftFold(events, KEEP));
    }
  }

  /** A few rows of each table's last differences, printed when the views never matched. */
  private static final Map<String, List<String>> DIFFERENCES = new ConcurrentHashMap<>();

  private static int diff(String table, Set<String> actual, Set<String> expected) {
    var missing = new TreeSet<>(expected);
    missing.removeAll(actual);
    var unexpected = new TreeSet<>(actual);
    unexpected.removeAll(expected);
    var rows = new ArrayList<String>();
    missing.stream().limit(3).forEach(row -> rows.add("missing    " + row));
    unexpected.stream().limit(3).forEach(row -> rows.add("unexpected " + row));
    DIFFERENCES.put(table, rows);
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
}
