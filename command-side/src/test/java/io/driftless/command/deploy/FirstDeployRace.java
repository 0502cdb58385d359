package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.command.support.Api;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Issue 25, point 5: rounds of {@link #CLIENTS} first deploys of one new app released at once. Per
 * round: every answer is 200 or 409 {@code change_in_progress} (never a 500 for the duplicate
 * {@code App} stream the losers try to create), exactly one change is started and finished, and
 * exactly one answer carries its change id (the others' plans came after it and found nothing to
 * change, or were refused). Shared by the H2 and MariaDB tests.
 */
final class FirstDeployRace {

  static final int CLIENTS = 20;
  static final int ROUNDS = 10;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Api api;
  private final JdbcTemplate jdbc;

  FirstDeployRace(int port, JdbcTemplate jdbc) {
    this.api = new Api(port);
    this.jdbc = jdbc;
  }

  /** Runs {@link #ROUNDS} rounds on fresh apps; returns how many answers were 409. */
  int runRounds() throws Exception {
    var refused = 0;
    for (int round = 0; round < ROUNDS; round++) {
      refused += round("race-" + round + "-" + UUID.randomUUID().toString().substring(0, 8));
    }
    return refused;
  }

  private int round(String app) throws Exception {
    var answers = atOnce(app);
    var started = new ArrayList<String>();
    var refused = 0;
    for (var answer : answers) {
      assertThat(answer.statusCode()).as(answer.body()).isIn(200, 201, 409);
      var json = JSON.readTree(answer.body());
      if (answer.statusCode() == 409) {
        assertThat(json.get("error").asText()).as(answer.body()).isEqualTo("change_in_progress");
        assertThat(json.get("message").asText()).as(answer.body()).contains("default/" + app);
        refused++;
      } else if (!json.path("changeId").isNull()) {
        started.add(json.get("changeId").asText());
      }
    }
    assertThat(started).as(app + ": answers that started a change").hasSize(1);
    assertThat(events(app, "AppChangeStarted")).as(app).isEqualTo(1);
    assertThat(events(app, "AppChangeFinished")).as(app).isEqualTo(1);
    return refused;
  }

  private int events(String app, String type) {
    return jdbc.queryForObject(
        "SELECT COUNT(*) FROM domain_event_entry WHERE aggregate_identifier = ?"
            + " AND payload_type = ?",
        Integer.class,
        "default/" + app,
        "io.driftless.events." + type);
  }

  private List<HttpResponse<String>> atOnce(String app) throws Exception {
    var body = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + app + "\ndata:\n  k: v\n";
    var start = new CyclicBarrier(CLIENTS);
    var pool = Executors.newFixedThreadPool(CLIENTS);
    try {
      var futures = new ArrayList<Future<HttpResponse<String>>>();
      for (int i = 0; i < CLIENTS; i++) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return api.deployYaml(app, body);
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
}
