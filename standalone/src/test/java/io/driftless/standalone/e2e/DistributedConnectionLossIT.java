package io.driftless.standalone.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.events.testing.BrokerConnections;
import io.driftless.events.testing.BrokerNames;
import io.driftless.events.testing.LocalDatabases;
import io.driftless.events.testing.SideProcess;
import io.driftless.events.testing.UsesMachineBroker;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.TestWatcher;

/**
 * Both sides as real processes on MariaDB and RabbitMQ, as in {@link DistributedTwoProcessIT},
 * while the broker closes their connections (what a broker restart or an operator does) in the
 * middle of a stream of deploys: the relay goes on publishing, the query side's consumer is DOWN in
 * the health endpoint until it has reconnected (a recovery interval of 8 s makes that visible), and
 * then every change the command side acknowledged is in the views, with no process restarted. Only
 * this run's connections are closed: their client-provided names carry the run id.
 */
@UsesMachineBroker
class DistributedConnectionLossIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final Duration STARTUP = Duration.ofMinutes(3);
  private static final String APP = "/api/apps/default/stream-app";
  private static final int DEPLOYS = 40;

  private static final String RUN = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
  private static final String COMMAND_DB = "driftless_e2e_" + RUN + "_events";
  private static final String VIEWS_DB = "driftless_e2e_" + RUN + "_views";
  private static final BrokerNames BROKER =
      new BrokerNames("driftless.events.e2e-" + RUN, "driftless.views.e2e-" + RUN);
  private static final String VIEWS_CONNECTION = "driftless-views-e2e-" + RUN;
  private static final String RELAY_CONNECTION = "driftless-relay-e2e-" + RUN;
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
            DistributedArgs.querySide(
                VIEWS_DB,
                COMMAND_DB,
                BROKER,
                "--driftless.security.dangerous-allow-open=true",
                "--driftless.delivery.connection-name=" + VIEWS_CONNECTION,
                "--driftless.delivery.recovery-interval=8s"),
            Path.of("target", "e2e-" + RUN + "-query-side.log"));
    commandSide = startCommandSide();
    querySide.awaitHealthy(STARTUP);
    commandSide.awaitHealthy(STARTUP);
  }

  /** Started after the query side, which waits at start for this side to create the event store. */
  private static SideProcess startCommandSide() throws IOException {
    return SideProcess.start(
        "command side",
        Path.of("..", "command-side", "target", "driftless-command-side.jar"),
        DistributedArgs.commandSide(
            COMMAND_DB,
            KUBECONFIG,
            BROKER.exchange(),
            "--driftless.security.dangerous-allow-open=true",
            "--driftless.relay.connection-name=" + RELAY_CONNECTION),
        Path.of("target", "e2e-" + RUN + "-command-side.log"));
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
  void everyAcknowledgedChangeReachesTheViewsAfterTheBrokerClosedEveryConnection()
      throws Exception {
    var pids = Set.of(commandSide.pid(), querySide.pid());
    var acknowledged = new ConcurrentSkipListSet<String>();
    var failure = new AtomicReference<Throwable>();
    var deploys = new Thread(() -> deployVersions(acknowledged, failure), "e2e-deploys");
    deploys.start();
    await().atMost(Duration.ofSeconds(60)).until(() -> acknowledged.size() >= 8);

    var closed = BrokerConnections.close(RUN);
    assertThat(closed).contains(VIEWS_CONNECTION + "-0", RELAY_CONNECTION);
    await("consumer DOWN in health")
        .atMost(Duration.ofSeconds(6))
        .pollInterval(Duration.ofMillis(100))
        .until(() -> "DOWN".equals(brokerHealth()));
    await("consumer UP again")
        .atMost(Duration.ofSeconds(60))
        .until(() -> "UP".equals(brokerHealth()));
    deploys.join(Duration.ofMinutes(3).toMillis());
    assertThat(failure.get()).as("every deploy answered 200").isNull();
    assertThat(acknowledged).hasSize(DEPLOYS);

    var stored = LocalDatabases.countEvents(COMMAND_DB);
    await("views at position " + stored)
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(500))
        .until(
            () -> get(APP + "/changes?limit=1").headers().firstValue("Driftless-View-Position"),
            position -> position.isPresent() && position.get().equals(Long.toString(stored)));
    assertThat(changesInTheViews()).isEqualTo(new TreeSet<>(acknowledged));
    assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isPresent());
    assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid).get().isAlive()).isTrue());
    assertThat(health().get("status").asText()).isEqualTo("UP");
  }

  private static void deployVersions(Set<String> acknowledged, AtomicReference<Throwable> failure) {
    try {
      for (int i = 0; i < DEPLOYS; i++) {
        var body =
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: stream-app\ndata:\n  version: \"v"
                + i
                + "\"\n";
        var request =
            HttpRequest.newBuilder(commandSide.uri(APP + "/deploy"))
                .header("Content-Type", "application/yaml")
                .POST(HttpRequest.BodyPublishers.ofString(body))
                .build();
        var response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        acknowledged.add(JSON.readTree(response.body()).get("changeId").asText());
      }
    } catch (Throwable e) {
      failure.set(e);
    }
  }

  private static Set<String> changesInTheViews() throws Exception {
    var ids = new TreeSet<String>();
    for (var change : JSON.readTree(get(APP + "/changes?limit=1000").body())) {
      assertThat(change.get("successful").asBoolean()).isTrue();
      ids.add(change.get("changeId").asText());
    }
    return ids;
  }

  private static String brokerHealth() throws Exception {
    return health().path("components").path("broker").path("status").asText();
  }

  private static JsonNode health() throws Exception {
    return JSON.readTree(get("/actuator/health").body());
  }

  private static HttpResponse<String> get(String path) throws IOException, InterruptedException {
    var request = HttpRequest.newBuilder(querySide.uri(path)).GET().build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }
}
