package io.driftless.standalone.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.testing.BrokerNames;
import io.driftless.events.testing.LocalDatabases;
import io.driftless.events.testing.SideProcess;
import io.driftless.events.testing.UsesMachineBroker;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import io.driftless.security.TokenHash;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * The README's walkthrough in the {@code distributed} profile with the command side and the query
 * side as two real processes ({@code java -jar} of the built jars), on the machine's MariaDB and
 * RabbitMQ: the deploys go to the command side, its relay publishes to RabbitMQ, and the query
 * side's views answer with both changes, the three live resources and the position header. Each run
 * has its own databases, exchange and queues (all removed at the end) and free ports; the cluster
 * is a sandbox in the test's JVM, which the command side reaches through its kubeconfig. Needs the
 * jars: {@code ./mvnw install -DskipTests} (the reactor's {@code verify} packages them before this
 * module).
 */
@UsesMachineBroker
class DistributedTwoProcessIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final Duration STARTUP = Duration.ofMinutes(3);
  private static final String APP = "/api/apps/default/simple-app";
  private static final String POSITION = "Driftless-View-Position";

  private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  private static final String COMMAND_DB = "driftless_e2e_" + RUN + "_events";
  private static final String VIEWS_DB = "driftless_e2e_" + RUN + "_views";
  private static final BrokerNames BROKER =
      new BrokerNames("driftless.events.e2e-" + RUN, "driftless.views.e2e-" + RUN);

  // The distributed profile requires API tokens: one that deploys (command side), one that reads
  // (query side), configured by hash as the README says.
  private static final String DEPLOYER_TOKEN = "e2e-deployer-" + UUID.randomUUID();
  private static final String VIEWER_TOKEN = "e2e-viewer-" + UUID.randomUUID();

  private static final Path KUBECONFIG = Path.of("target", "e2e-kubeconfig-" + RUN + ".yaml");

  private static SandboxCluster cluster;
  private static SideProcess commandSide;
  private static SideProcess querySide;

  @RegisterExtension
  static final TestWatcher PRINT_LOGS_ON_FAILURE =
      new TestWatcher() {
        @Override
        public void testFailed(ExtensionContext context, Throwable cause) {
          for (var side : new SideProcess[] {commandSide, querySide}) {
            if (side != null) {
              System.err.println(side.tail());
            }
          }
        }
      };

  @BeforeAll
  static void startBothSides() throws Exception {
    LocalDatabases.create(COMMAND_DB);
    LocalDatabases.create(VIEWS_DB);
    cluster = SandboxCluster.start(new SandboxSettings("127.0.0.1", 0, KUBECONFIG, null));
    querySide =
        SideProcess.start(
            "query side",
            Path.of("..", "query-side", "target", "driftless-query-side.jar"),
            querySideArgs(),
            Path.of("target", "e2e-" + RUN + "-query-side.log"));
    commandSide =
        SideProcess.start(
            "command side",
            Path.of("..", "command-side", "target", "driftless-command-side.jar"),
            commandSideArgs(),
            Path.of("target", "e2e-" + RUN + "-command-side.log"));
    // The query side waits for the event store the command side creates, then binds its queue;
    // both are healthy before the first deploy. (An event no queue takes is returned to the
    // relay, which retries it: it would arrive, only later.)
    querySide.awaitHealthy(STARTUP);
    commandSide.awaitHealthy(STARTUP);
  }

  private static List<String> commandSideArgs() {
    return DistributedArgs.commandSide(
        COMMAND_DB,
        KUBECONFIG,
        BROKER.exchange(),
        "--driftless.security.tokens[0].name=e2e-deployer",
        "--driftless.security.tokens[0].hash=" + TokenHash.of(DEPLOYER_TOKEN),
        "--driftless.security.tokens[0].roles=deployer");
  }

  private static List<String> querySideArgs() {
    return DistributedArgs.querySide(
        VIEWS_DB,
        COMMAND_DB,
        BROKER,
        "--driftless.security.tokens[0].name=e2e-viewer",
        "--driftless.security.tokens[0].hash=" + TokenHash.of(VIEWER_TOKEN),
        "--driftless.security.tokens[0].roles=viewer");
  }

  @AfterAll
  static void stopBothSidesAndRemoveTheirState() throws Exception {
    var failures = new ArrayList<Exception>();
    for (var side : new SideProcess[] {commandSide, querySide}) {
      if (side != null) {
        side.close();
      }
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
  void readmeWalkthroughReachesTheQuerySideViewsOverRabbitMq() throws Exception {
    var v1 = deploy("simple-app-v1.yml");
    assertThat(v1.get("changeId").asText()).isEqualTo("simple-app-change-000001");
    assertThat(v1.get("description").asText())
        .startsWith("update: Op: 2 create, 0 delete, 0 update, 0 noop, 0 exists");
    var v2 = deploy("simple-app-v2.yml");
    assertThat(v2.get("changeId").asText()).isEqualTo("simple-app-change-000002");
    assertThat(v2.get("description").asText())
        .startsWith("update: Op: 2 create, 1 delete, 1 update, 0 noop, 0 exists");
    var stored = LocalDatabases.countEvents(COMMAND_DB);
    assertThat(deploy("simple-app-v2.yml").get("changeId").isNull()).isTrue();
    assertThat(LocalDatabases.countEvents(COMMAND_DB)).as("events after a no-op").isEqualTo(stored);

    awaitViewPosition(stored);

    historyListsBothChangesNewestFirst(v1, v2);
    overviewCountsTheThreeLiveResources();
    changeDetailListsTheResourcesOfV2WithTheirOps();
  }

  /**
   * Issue 27 in the distributed layout: who asked (the deployer token's name, the message and meta
   * sent as headers), a rollback and a lock recorded by the command side reach the query side's
   * history and audit log over RabbitMQ, and the desired set as of a change, the compare of two
   * changes and the fleet inventory answer from the views on MariaDB.
   */
  @Test
  void provenanceRollbackAndLocksReachTheHistoryAuditAndTimeTravelViews() throws Exception {
    var ledger = "/api/apps/default/ledger";
    var v1 = send("POST", ledger + "/deploy", Files.readString(example("simple-app-v1.yml")));
    assertThat(v1.statusCode()).as(v1.body()).isEqualTo(200);
    var v2 = send("POST", ledger + "/deploy", Files.readString(example("simple-app-v2.yml")));
    assertThat(v2.statusCode()).as(v2.body()).isEqualTo(200);
    var rollback = send("POST", ledger + "/rollback?to=ledger-change-000001", null);
    assertThat(rollback.statusCode()).as(rollback.body()).isEqualTo(200);
    assertThat(JSON.readTree(rollback.body()).get("rolledBackTo").asText())
        .isEqualTo("ledger-change-000001");
    var lock = send("POST", ledger + "/lock", "{\"reason\":\"incident 7\"}");
    assertThat(lock.statusCode()).as(lock.body()).isEqualTo(200);
    var refused = send("POST", ledger + "/deploy", Files.readString(example("simple-app-v2.yml")));
    assertThat(refused.statusCode()).as(refused.body()).isEqualTo(423);
    assertThat(refused.body()).contains("app_locked").contains("incident 7");
    var unlock = send("DELETE", ledger + "/lock", null);
    assertThat(unlock.statusCode()).as(unlock.body()).isEqualTo(200);

    var stored = LocalDatabases.countEvents(COMMAND_DB);
    awaitViewPosition(ledger + "/changes", stored);

    var history = JSON.readTree(get(ledger + "/changes").body());
    assertThat(history).hasSize(5);
    assertThat(history.get(0).get("trigger").asText()).isEqualTo("unlock");
    assertThat(history.get(1).get("trigger").asText()).isEqualTo("lock");
    assertThat(history.get(2).get("trigger").asText()).isEqualTo("rollback");
    assertThat(history.get(2).get("rolledBackTo").asText()).isEqualTo("ledger-change-000001");
    var first = history.get(4);
    assertThat(first.get("actor").asText()).isEqualTo("e2e-deployer");
    assertThat(first.get("message").asText()).isEqualTo("release the ledger");
    assertThat(first.at("/meta/git.commit").asText()).isEqualTo("abc1234");

    var audit = JSON.readTree(get("/api/changes?app=default/ledger&trigger=rollback").body());
    assertThat(audit).hasSize(1);
    assertThat(audit.get(0).get("app").asText()).isEqualTo("default/ledger");

    var asOfV1 = get(ledger + "/desired?change=ledger-change-000001");
    assertThat(asOfV1.statusCode()).as(asOfV1.body()).isEqualTo(200);
    var now = get(ledger + "/desired?change=ledger-change-000003");
    assertThat(JSON.readTree(now.body()).get("resources"))
        .hasSameSizeAs(JSON.readTree(asOfV1.body()).get("resources"));
    var compare = get(ledger + "/compare?from=ledger-change-000001&to=ledger-change-000002");
    assertThat(compare.statusCode()).as(compare.body()).isEqualTo(200);
    assertThat(JSON.readTree(compare.body()).get("description").asText())
        .startsWith("update: Op: 2 create, 1 delete, 1 update");
    var inventory = JSON.readTree(get("/api/inventory?app=default/ledger").body());
    assertThat(inventory).isNotEmpty();

    // Its objects are the README walkthrough's too: the app goes, as an operator would end it.
    var delete = send("DELETE", "/api/apps/default/ledger", null);
    assertThat(delete.statusCode()).as(delete.body()).isEqualTo(200);
  }

  /** A command-side request of the deployer, with a message and meta as the CLI sends them. */
  private static HttpResponse<String> send(String method, String path, String body)
      throws IOException, InterruptedException {
    var request =
        HttpRequest.newBuilder(commandSide.uri(path))
            .header("Authorization", "Bearer " + DEPLOYER_TOKEN)
            .header("Driftless-Message", "release the ledger")
            .header("Driftless-Meta-git.commit", "abc1234")
            .header(
                "Content-Type", path.endsWith("/lock") ? "application/json" : "application/yaml")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static void historyListsBothChangesNewestFirst(JsonNode v1, JsonNode v2)
      throws Exception {
    var response = get(APP + "/changes");
    assertThat(response.headers().firstValue(POSITION)).isPresent();
    var changes = JSON.readTree(response.body());
    assertThat(changes).hasSize(2);
    assertThat(changes.get(0).get("changeId").asText()).isEqualTo("simple-app-change-000002");
    assertThat(changes.get(0).get("description").asText()).isEqualTo(text(v2, "description"));
    assertThat(changes.get(1).get("changeId").asText()).isEqualTo("simple-app-change-000001");
    assertThat(changes.get(1).get("description").asText()).isEqualTo(text(v1, "description"));
    for (var change : changes) {
      assertThat(change.get("trigger").asText()).isEqualTo("deploy");
      assertThat(change.get("successful").asBoolean()).isTrue();
      assertThat(change.get("finishedAt").isNull()).isFalse();
    }
  }

  private static void overviewCountsTheThreeLiveResources() throws Exception {
    var response = get(APP);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue(POSITION)).isPresent();
    var overview = JSON.readTree(response.body());
    var counts = new TreeMap<String, Long>();
    overview
        .get("resourceCounts")
        .properties()
        .forEach(e -> counts.put(e.getKey(), e.getValue().asLong()));
    assertThat(counts).isEqualTo(Map.of("ConfigMap", 1L, "Deployment", 1L, "Service", 1L));
    assertThat(counts.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(3);
    assertThat(overview.get("changeInProgress").isNull()).isTrue();
    assertThat(overview.get("lastChangeSuccessful").asBoolean()).isTrue();
  }

  private static void changeDetailListsTheResourcesOfV2WithTheirOps() throws Exception {
    var response = get(APP + "/changes/simple-app-change-000002");
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(response.headers().firstValue(POSITION)).isPresent();
    var resources = new ArrayList<String>();
    for (var change : JSON.readTree(response.body()).get("changes")) {
      resources.add(text(change, "kind") + " " + text(change, "name") + " " + text(change, "op"));
    }
    assertThat(resources)
        .containsExactlyInAnyOrder(
            "ConfigMap simple-app create",
            "Service simple-app-node create",
            "Deployment simple-app update",
            "Service simple-app delete");
  }

  private static String text(JsonNode node, String field) {
    return node.get(field).asText();
  }

  /**
   * Waits until the query side says it applied every event stored so far (its position header at
   * {@code storedEvents} or past it). Past it means the command side stored more after the count
   * (an earlier test's app, whose objects the walkthrough's share, can still be reconciled): the
   * events are printed, and the checks after the wait read the views' contents.
   */
  private static void awaitViewPosition(long storedEvents) throws Exception {
    awaitViewPosition(APP + "/changes", storedEvents);
  }

  /** The same, read on {@code path}. */
  private static void awaitViewPosition(String path, long storedEvents) throws Exception {
    var position = new AtomicLong();
    await("views at position " + storedEvents)
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(200))
        .untilAsserted(
            () -> {
              var response = get(path);
              assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
              var header = response.headers().firstValue(POSITION);
              assertThat(header).isPresent();
              position.set(Long.parseLong(header.get()));
              assertThat(position.get()).isGreaterThanOrEqualTo(storedEvents);
            });
    if (position.get() > storedEvents) {
      System.out.printf(
          "views at %d, past the %d events counted; stored since:%n%s%n",
          position.get(),
          storedEvents,
          String.join("\n", LocalDatabases.eventsAfter(COMMAND_DB, storedEvents)));
    }
  }

  private static JsonNode deploy(String file) throws IOException, InterruptedException {
    var request =
        HttpRequest.newBuilder(commandSide.uri(APP + "/deploy"))
            .header("Content-Type", "application/yaml")
            .header("Authorization", "Bearer " + DEPLOYER_TOKEN)
            .POST(HttpRequest.BodyPublishers.ofString(Files.readString(example(file))))
            .build();
    var response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    return JSON.readTree(response.body());
  }

  private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
    var request =
        HttpRequest.newBuilder(querySide.uri(path))
            .header("Authorization", "Bearer " + VIEWER_TOKEN)
            .GET()
            .build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }

  private static Path example(String file) {
    return Path.of("..", "examples", file);
  }
}
