package io.driftless.command.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.driftless.command.app.ChangeInProgressException;
import io.driftless.command.support.Api;
import io.driftless.command.support.OpenChanges;
import io.driftless.command.support.TestCluster;
import io.driftless.events.testing.LocalServices;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Crash recovery with several replicas on one event store (MariaDB): this test's application is one
 * replica; another replica is its rows in {@code command_replica} and {@code change_claim}, as that
 * replica would write them (ChangeClaims). A change another heartbeating replica runs is never
 * closed, neither at start nor by the periodic check; once that replica stops heartbeating, the
 * periodic check closes its change as failed (within lease + check period) and the app takes the
 * next deploy. A change this replica claimed but no longer runs (its finish was lost) is closed
 * too. The kill -9 of a real replica beside a live one is in standalone's {@code e2e/ChaosIT}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class ReplicaRecoveryIT {

  private static final Duration LEASE = Duration.ofSeconds(3);

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    registry.add(
        "spring.datasource.url", () -> LocalServices.freshDatabase("driftless_replicas_it"));
    registry.add("spring.datasource.username", LocalServices::jdbcUser);
    registry.add("spring.datasource.password", LocalServices::jdbcPassword);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.recovery.lease-duration", () -> LEASE.toString());
    registry.add("driftless.recovery.check-period", () -> "1s");
    registry.add("driftless.recovery.replica-id", () -> "");
    registry.add("driftless.reconcile.enabled", () -> "false");
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired CommandGateway commands;
  @Autowired OpenChangeRecovery recovery;
  @Autowired ChangeClaims claims;
  @Autowired ChangeStarts starts;

  @Test
  void aChangeAnotherLiveReplicaRunsStaysOpenUntilThatReplicaStopsHeartbeating() throws Exception {
    var app = "default/elsewhere-app";
    var changeId = commands.<String>sendAndWait(OpenChanges.firstChangeOf(app));
    otherReplica("replica-b", Instant.now().plusSeconds(3600));
    claim(app, changeId, "replica-b");

    recovery.closeOpenChangesNobodyRuns();
    recovery.check();
    assertThat(eventTypes(app)).containsExactly("AppChangeStarted");
    var busy = new Api(port).deployYaml("elsewhere-app", configMap("elsewhere-app"));
    assertThat(busy.statusCode()).as(busy.body()).isEqualTo(409);
    assertThat(busy.body()).contains(changeId);

    // replica-b is killed: its heartbeat is no longer renewed and lapses.
    jdbc.update(
        "UPDATE command_replica SET alive_until = ? WHERE replica_id = 'replica-b'",
        Instant.now().toEpochMilli());
    // The check closes the change and then forgets the claim: wait for both.
    await("the periodic check closes replica-b's change and forgets its claim")
        .atMost(LEASE.plusSeconds(5))
        .until(() -> eventTypes(app).size() == 2 && claimsOf(app) == 0);
    assertThat(eventTypes(app)).containsExactly("AppChangeStarted", "AppChangeFinished");
    assertThat(finishedError(app))
        .isEqualTo(
            "the command side stopped during the change: replica replica-b running it stopped"
                + " (no heartbeat for 3 s)");
    var next = new Api(port).deployYaml("elsewhere-app", configMap("elsewhere-app"));
    assertThat(next.statusCode()).as(next.body()).isEqualTo(200);
  }

  @Test
  void aChangeWithoutAClaimIsClosedAtStartAndOneOfThisReplicaNobodyRunsByTheCheck()
      throws Exception {
    var unclaimed = "default/unclaimed-app";
    commands.sendAndWait(OpenChanges.firstChangeOf(unclaimed));
    recovery.closeOpenChangesNobodyRuns();
    assertThat(eventTypes(unclaimed)).containsExactly("AppChangeStarted", "AppChangeFinished");
    assertThat(finishedError(unclaimed))
        .isEqualTo(
            "the command side stopped during the change: it was open, claimed by no replica, when"
                + " replica "
                + claims.replicaId()
                + " started");

    // This replica's claim whose change no thread runs: its finish was lost (a cut connection).
    var lost = "default/lost-finish-app";
    var changeId = commands.<String>sendAndWait(OpenChanges.firstChangeOf(lost));
    claim(lost, changeId, claims.replicaId());
    // The check closes the change and then forgets the claim: wait for both.
    await("the periodic check closes it and forgets its claim")
        .atMost(Duration.ofSeconds(10))
        .until(() -> eventTypes(lost).size() == 2 && claimsOf(lost) == 0);
    assertThat(eventTypes(lost)).containsExactly("AppChangeStarted", "AppChangeFinished");
  }

  @Test
  void aLosingStartOfTheSameChangeNumberLeavesTheRunningChangeItsClaim() throws Exception {
    var app = "default/raced-app";
    var changeId = commands.<String>sendAndWait(OpenChanges.firstChangeOf(app));
    claims.claim(app, changeId); // this replica runs it

    // a reconcile planned a moment before computes the same next change id, and loses
    assertThatThrownBy(() -> starts.start(OpenChanges.firstChangeOf(app), null))
        .isInstanceOf(ChangeInProgressException.class);

    assertThat(claims.orphaned()).noneMatch(claim -> claim.appId().equals(app));
    recovery.check();
    assertThat(eventTypes(app)).containsExactly("AppChangeStarted");
    // the change's thread gives up (its failed finish failed too): now it is recovery's
    claims.release(app, changeId, false, "the cluster broke; recording its end failed too: gone");
    recovery.check();
    assertThat(eventTypes(app)).containsExactly("AppChangeStarted", "AppChangeFinished");
    assertThat(finishedError(app))
        .isEqualTo(
            "its end could not be recorded when it failed: the cluster broke; recording its end"
                + " failed too: gone");
  }

  @Test
  void aDeployClaimsItsChangeWhileItRunsAndReleasesItAfter() throws Exception {
    var response = new Api(port).deployYaml("claimed-app", configMap("claimed-app"));
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    assertThat(claimsOf("default/claimed-app")).isZero();
    assertThat(
            jdbc.queryForObject(
                "SELECT alive_until FROM command_replica WHERE replica_id = ?",
                Long.class,
                claims.replicaId()))
        .isGreaterThan(Instant.now().toEpochMilli());
  }

  private void otherReplica(String replicaId, Instant aliveUntil) {
    jdbc.update(
        "INSERT INTO command_replica (replica_id, started_at, alive_until) VALUES (?, ?, ?)",
        replicaId,
        Instant.now().toEpochMilli(),
        aliveUntil.toEpochMilli());
  }

  private void claim(String appId, String changeId, String replicaId) {
    jdbc.update(
        "INSERT INTO change_claim (app_id, change_id, replica_id, claimed_at) VALUES (?, ?, ?, ?)",
        appId,
        changeId,
        replicaId,
        Instant.now().toEpochMilli());
  }

  private int claimsOf(String appId) {
    return jdbc.queryForObject(
        "SELECT COUNT(*) FROM change_claim WHERE app_id = ?", Integer.class, appId);
  }

  private List<String> eventTypes(String appId) {
    return jdbc
        .queryForList(
            "SELECT payload_type FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " ORDER BY sequence_number",
            String.class,
            appId)
        .stream()
        .map(type -> type.substring(type.lastIndexOf('.') + 1))
        .toList();
  }

  private String finishedError(String appId) throws Exception {
    var payload =
        jdbc.queryForObject(
            "SELECT payload FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " AND payload_type = 'io.driftless.events.AppChangeFinished'",
            byte[].class,
            appId);
    return new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(payload)
        .get("error")
        .asText();
  }

  private static String configMap(String name) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n";
  }
}
