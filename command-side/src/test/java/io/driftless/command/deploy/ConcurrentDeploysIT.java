package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Issue 14's concurrency: 20 deploys of one app sent at the same moment never interleave (each
 * change's resource events lie between its own start and finish, and starts and finishes
 * alternate), the losers get 409 {@code change_in_progress} naming the change that was in the way,
 * and the history holds exactly the winners' changes, each finished; 20 deploys of 20 apps at once
 * all succeed. On the embedded defaults (H2) with a sandbox cluster.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ConcurrentDeploysIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int CLIENTS = 20;
  private static final Pattern CHANGE_ID = Pattern.compile("[a-z0-9-]+-change-\\d{6}");

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = Path.of("target", "concurrent-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;

  private static String body(String app, int version) {
    var yaml = new StringBuilder();
    for (String name : List.of("a", "b", "c")) {
      yaml.append("---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ")
          .append(app)
          .append('-')
          .append(name)
          .append("\ndata:\n  version: \"")
          .append(version)
          .append("\"\n");
    }
    return yaml.toString();
  }

  /** Sends the deploys from {@code CLIENTS} threads released at once. */
  private List<HttpResponse<String>> atOnce(List<Callable<HttpResponse<String>>> deploys)
      throws Exception {
    var start = new CyclicBarrier(deploys.size());
    var pool = Executors.newFixedThreadPool(deploys.size());
    try {
      var futures = new ArrayList<Future<HttpResponse<String>>>();
      for (var deploy : deploys) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return deploy.call();
                }));
      }
      var answers = new ArrayList<HttpResponse<String>>();
      for (var future : futures) {
        answers.add(future.get());
      }
      return answers;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void concurrentDeploysOfOneAppNeverInterleaveAndTheLosersAreToldWhichChangeWon()
      throws Exception {
    var api = new Api(port);
    assertThat(api.deployYaml("busy-app", body("busy-app", 0)).statusCode()).isEqualTo(200);
    var deploys = new ArrayList<Callable<HttpResponse<String>>>();
    for (int i = 1; i <= CLIENTS; i++) {
      int version = i;
      deploys.add(() -> api.deployYaml("busy-app", body("busy-app", version)));
    }

    var answers = atOnce(deploys);

    var winners = new HashSet<String>();
    var losers = new ArrayList<JsonNode>();
    for (var answer : answers) {
      assertThat(answer.statusCode()).as(answer.body()).isIn(200, 409);
      var json = JSON.readTree(answer.body());
      if (answer.statusCode() == 200) {
        winners.add(json.get("changeId").asText());
      } else {
        losers.add(json);
      }
    }
    assertThat(winners).isNotEmpty();
    var history = history("default/busy-app");
    for (var loser : losers) {
      assertThat(loser.get("error").asText()).isEqualTo("change_in_progress");
      var named = CHANGE_ID.matcher(loser.get("message").asText());
      assertThat(named.find()).as(loser.toString()).isTrue();
      assertThat(history).as(loser.toString()).contains(named.group());
    }
    assertThat(history).hasSize(winners.size() + 1);
    assertThat(history.subList(1, history.size())).containsExactlyInAnyOrderElementsOf(winners);
    assertChangesDoNotInterleave("default/busy-app");
  }

  @Test
  void concurrentDeploysOfTwentyAppsAllSucceed() throws Exception {
    var api = new Api(port);
    var deploys = new ArrayList<Callable<HttpResponse<String>>>();
    for (int i = 1; i <= CLIENTS; i++) {
      var app = "many-app-" + i;
      deploys.add(() -> api.deployYaml(app, body(app, 1)));
    }

    var answers = atOnce(deploys);

    for (var answer : answers) {
      assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
      assertThat(JSON.readTree(answer.body()).get("changeId").asText()).matches(CHANGE_ID);
    }
    for (int i = 1; i <= CLIENTS; i++) {
      assertThat(history("default/many-app-" + i)).hasSize(1);
      assertChangesDoNotInterleave("default/many-app-" + i);
    }
  }

  /** The app's started changes, in order; each must also have finished. */
  private List<String> history(String appId) throws Exception {
    var started = new ArrayList<String>();
    var finished = new ArrayList<String>();
    for (var event : appEvents(appId)) {
      var list = event.type().endsWith("AppChangeStarted") ? started : finished;
      if (event.type().endsWith("AppChangeStarted") || event.type().endsWith("AppChangeFinished")) {
        list.add(event.changeId());
      }
    }
    assertThat(finished).as("every started change finished").isEqualTo(started);
    return started;
  }

  /**
   * Starts and finishes alternate, and every event carrying a change id lies between that change's
   * start and finish in the store's global order.
   */
  private void assertChangesDoNotInterleave(String appId) throws Exception {
    var open = (String) null;
    for (var event : appEvents(appId)) {
      if (event.type().endsWith("AppChangeStarted")) {
        assertThat(open).as("a change started while another was open").isNull();
        open = event.changeId();
      } else if (event.type().endsWith("AppChangeFinished")) {
        assertThat(event.changeId()).isEqualTo(open);
        open = null;
      }
    }
    for (var event : changeEvents(appId)) {
      var bounds =
          jdbc.queryForList(
              "SELECT global_index FROM domain_event_entry WHERE aggregate_identifier = ?"
                  + " AND payload LIKE ? ORDER BY global_index",
              Long.class,
              appId,
              "%\"" + event.changeId() + "\"%");
      assertThat(bounds).hasSize(2);
      assertThat(event.index()).isBetween(bounds.get(0), bounds.get(1));
    }
  }

  private record Event(long index, String type, String changeId) {}

  private List<Event> appEvents(String appId) throws Exception {
    return events("aggregate_identifier = ?", appId);
  }

  /** Events of other aggregates (the app's ResourceChanges) that carry one of its change ids. */
  private List<Event> changeEvents(String appId) throws Exception {
    return events("aggregate_identifier <> ? AND aggregate_identifier LIKE ?", appId, appId + "/%");
  }

  private List<Event> events(String where, Object... arguments) throws Exception {
    var events = new ArrayList<Event>();
    for (var row :
        jdbc.queryForList(
            "SELECT global_index, payload_type, payload FROM domain_event_entry WHERE "
                + where
                + " ORDER BY global_index",
            arguments)) {
      var payload = JSON.readTree(new String((byte[]) row.get("payload"), StandardCharsets.UTF_8));
      var changeId = payload.path("changeId").asText(null);
      if (changeId != null) {
        events.add(
            new Event(
                ((Number) row.get("global_index")).longValue(),
                (String) row.get("payload_type"),
                changeId));
      }
    }
    return events;
  }
}
