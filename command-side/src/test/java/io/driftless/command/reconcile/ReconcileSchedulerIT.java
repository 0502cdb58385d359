package io.driftless.command.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.driftless.command.support.Api;
import io.driftless.command.support.RefusingCluster;
import io.driftless.command.support.TestCluster;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Periodic reconciles (issue 12 point 3) on the embedded defaults (H2) against the sandbox, with a
 * 1 s sync period and no jitter: a Deployment deleted by hand comes back without any request, and
 * later rounds are noops that store nothing; a reconcile the cluster refuses is retried with a wait
 * that doubles from the 200 ms backoff and stops growing at the period. The {@code reconcile_lease}
 * row and the {@code driftless.reconcile.*} metrics show each app's last reconcile.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@Import(RefusingCluster.class)
// Closed after the class: its scheduler reconciles every app each second, which would go on in the
// cached context while later test classes run (and retry the refused app forever).
@DirtiesContext
class ReconcileSchedulerIT {

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = java.nio.file.Path.of("target", "scheduler-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.reconcile.enabled", () -> true);
    registry.add("driftless.reconcile.sync-period", () -> "1s");
    registry.add("driftless.reconcile.jitter", () -> 0);
    registry.add("driftless.reconcile.backoff", () -> "200ms");
    registry.add("driftless.reconcile.tick", () -> "50ms");
    registry.add("driftless.reconcile.watch.enabled", () -> false);
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;
  @Autowired MeterRegistry metrics;

  private Map<String, Object> row(String appId) {
    var rows = jdbc.queryForList("SELECT * FROM reconcile_lease WHERE app_id = ?", appId);
    return rows.isEmpty() ? Map.of() : rows.get(0);
  }

  private long events(String appId) {
    return jdbc.queryForObject(
        "SELECT COUNT(*) FROM domain_event_entry WHERE aggregate_identifier = ?",
        Long.class,
        appId);
  }

  private static long number(Object value) {
    return value == null ? 0 : ((Number) value).longValue();
  }

  @Test
  void deletedDeploymentComesBackByItselfAndLaterRoundsStoreNothing() {
    var api = new Api(port);
    var manifest = Api.example("simple-app-v1.yml").replace("simple-app", "periodic");
    assertThat(api.deployYaml("periodic", manifest).statusCode()).isEqualTo(200);
    var deployments = cluster.apps().deployments().inNamespace("default");
    deployments.withName("periodic").delete();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> deployments.withName("periodic").get() != null);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> "noop".equals(row("default/periodic").get("last_result")));
    var eventsAfterRepair = events("default/periodic");
    var runs = number(row("default/periodic").get("runs"));
    var version = deployments.withName("periodic").get().getMetadata().getResourceVersion();

    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> number(row("default/periodic").get("runs")) >= runs + 3);
    assertThat(events("default/periodic")).isEqualTo(eventsAfterRepair);
    assertThat(deployments.withName("periodic").get().getMetadata().getResourceVersion())
        .isEqualTo(version);
    assertThat(metrics.get("driftless.reconcile.noop").counter().count()).isGreaterThan(0);
    assertThat(metrics.get("driftless.reconcile.count").tag("result", "applied").counter().count())
        .isGreaterThanOrEqualTo(1);
    assertThat(
            metrics.get("driftless.reconcile.last").tag("app", "default/periodic").gauge().value())
        .isGreaterThan(0);
  }

  @Test
  void appDeployedWithItsOwnSyncPeriodIsScheduledByIt() {
    var api = new Api(port);
    var manifest = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: hourly\ndata:\n  a: b\n";
    assertThat(api.deploy("hourly", manifest, "application/yaml", "?syncPeriod=1h").statusCode())
        .isEqualTo(200);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "noop".equals(row("default/hourly").get("last_result")));
    var row = row("default/hourly");
    assertThat(number(row.get("next_run_at")) - number(row.get("last_reconciled_at")))
        .isEqualTo(Duration.ofHours(1).toMillis());

    // The same manifest without the parameter: the app's setting changed, so a change records it.
    var back = api.deployYaml("hourly", manifest);
    assertThat(back.statusCode()).isEqualTo(200);
    assertThat(back.body()).contains("\"changeId\":\"hourly-change-000002\"");
    var stored =
        jdbc.queryForList(
            "SELECT payload FROM domain_event_entry WHERE aggregate_identifier = 'default/hourly'"
                + " AND payload_type LIKE '%AppChangeStarted' ORDER BY sequence_number",
            String.class);
    assertThat(stored.get(0)).contains("\"syncPeriod\":\"PT1H\"");
    assertThat(stored.get(1)).contains("\"syncPeriod\":null");
  }

  @Test
  void brokenReconcilesCloseTheirChangeAtOnceAndAreNeverBusyBetweenAttempts() {
    // Issue 25 point 2: each attempt fails on an unexpected exception (not a refusal). Its change
    // must be closed by the attempt itself, so the next attempt (200 ms, 400 ms, ... later) fails
    // the same way and is never "busy" meeting the previous attempt's change, left open until
    // crash recovery's check (10 s) closed it as "stopped". The bound is not what catches that: a
    // "busy" result or a "stopped" error below does (an 8 s bound timed out on a loaded machine).
    adopted(RefusingCluster.BROKEN, "broken-periodic");
    var seen = new java.util.HashSet<Object>();
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(20))
        .until(
            () -> {
              var row = row("default/broken-periodic");
              seen.add(row.get("last_result"));
              return number(row.get("failures")) >= 4;
            });
    assertThat(seen).doesNotContain("busy");
    var row = row("default/broken-periodic");
    assertThat(row.get("last_result")).isEqualTo("failed");
    assertThat((String) row.get("last_error")).contains(RefusingCluster.BROKEN_MESSAGE);
    var errors =
        jdbc.queryForList(
            "SELECT payload FROM domain_event_entry WHERE aggregate_identifier = ?"
                + " AND payload_type = 'io.driftless.events.AppChangeFinished'"
                + " ORDER BY sequence_number",
            byte[].class,
            "default/broken-periodic");
    assertThat(errors.subList(1, errors.size()))
        .hasSizeGreaterThanOrEqualTo(4)
        .allSatisfy(
            payload ->
                assertThat(new String(payload, java.nio.charset.StandardCharsets.UTF_8))
                    .contains(RefusingCluster.BROKEN_MESSAGE)
                    .doesNotContain("stopped"));
  }

  /**
   * Deploys an app holding one ConfigMap {@code name} that exists already (adopted: an update),
   * then deletes it from the cluster: every reconcile must create it again.
   */
  private void adopted(String name, String app) {
    cluster
        .configMaps()
        .inNamespace("default")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(name)
                .endMetadata()
                .addToData("a", "b")
                .build())
        .create();
    var manifest =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\ndata:\n  a: b\n";
    assertThat(new Api(port).deployYaml(app, manifest).statusCode()).isEqualTo(200);
    cluster.configMaps().inNamespace("default").withName(name).delete();
  }

  @Test
  void refusedReconcilesBackOffExponentiallyUpToThePeriod() {
    // An object the cluster lets Driftless update (adopt) but never create again.
    cluster
        .configMaps()
        .inNamespace("default")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(RefusingCluster.REFUSED)
                .endMetadata()
                .addToData("a", "b")
                .build())
        .create();
    var api = new Api(port);
    var manifest =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
            + RefusingCluster.REFUSED
            + "\ndata:\n  a: b\n";
    assertThat(api.deployYaml("refused", manifest).statusCode()).isEqualTo(200);
    cluster.configMaps().inNamespace("default").withName(RefusingCluster.REFUSED).delete();

    var waits = new TreeMap<Long, Long>();
    await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(20))
        .until(
            () -> {
              var row = row("default/refused");
              var failures = number(row.get("failures"));
              if (failures > 0 && "failed".equals(row.get("last_result"))) {
                waits.put(
                    failures,
                    number(row.get("next_run_at")) - number(row.get("last_reconciled_at")));
              }
              return failures >= 6;
            });

    waits.forEach(
        (failures, wait) ->
            assertThat(wait)
                .as("wait after failure " + failures + " of " + waits)
                .isEqualTo(Math.min(1_000, 200L << (failures - 1))));
    assertThat(waits).containsKeys(1L, 2L, 3L).containsEntry(6L, 1_000L);
  }
}
