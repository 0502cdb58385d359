package io.driftless.command.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.driftless.command.support.Api;
import io.driftless.command.support.TestCluster;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentCondition;
import io.fabric8.kubernetes.api.model.apps.DeploymentConditionBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The watch trigger (issue 12 point 4) on the embedded defaults (H2) against the sandbox, with a
 * sync period of an hour, so every reconcile here is one a watch asked for: 1,000 status-only
 * updates of an owned Deployment (its status subresource, over HTTP) trigger none; a spec change
 * triggers exactly one, which puts the spec back without triggering another; a deleted ConfigMap
 * triggers one and comes back; a label change triggers one. "None" is never a sleep: each step ends
 * with a label change of the same object, whose events arrive on the same watch after the step's,
 * and the test waits for its reconcile, then counts.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
// Closed after the class: its watches and scheduler would go on in the cached context.
@DirtiesContext
class WatchTriggerIT {

  private static final String APP = "default/watched";
  private static final String MANIFEST =
      """
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: watched-config
      data:
        greeting: hello
      ---
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: watched
      spec:
        replicas: 2
        selector:
          matchLabels:
            app: watched
        template:
          metadata:
            labels:
              app: watched
          spec:
            containers:
            - name: app
              image: nginx:1.27
      """;

  @DynamicPropertySource
  static void services(DynamicPropertyRegistry registry) {
    var data = java.nio.file.Path.of("target", "watch-" + UUID.randomUUID()).toAbsolutePath();
    registry.add("driftless.data-dir", data::toString);
    var kubeconfig = TestCluster.kubeconfig();
    registry.add("driftless.cluster.kubeconfig", () -> kubeconfig);
    registry.add("driftless.reconcile.enabled", () -> true);
    registry.add("driftless.reconcile.sync-period", () -> "1h");
    registry.add("driftless.reconcile.jitter", () -> 0);
    registry.add("driftless.reconcile.tick", () -> "50ms");
    registry.add("driftless.reconcile.watch-delay", () -> "200ms");
    registry.add("driftless.reconcile.watch.rescope", () -> "1s");
  }

  @LocalServerPort int port;
  @Autowired JdbcTemplate jdbc;
  @Autowired KubernetesClient cluster;
  @Autowired MeterRegistry metrics;

  private long runs() {
    var rows =
        jdbc.queryForList("SELECT runs FROM reconcile_lease WHERE app_id = ?", Long.class, APP);
    return rows.isEmpty() ? 0 : rows.get(0);
  }

  private Map<String, Object> row() {
    return jdbc.queryForMap("SELECT * FROM reconcile_lease WHERE app_id = ?", APP);
  }

  private double triggers() {
    var counter = metrics.find("driftless.reconcile.watch.triggers").counter();
    return counter == null ? 0 : counter.count();
  }

  private double watchedObjects() {
    var gauge = metrics.find("driftless.reconcile.watch.objects").gauge();
    return gauge == null ? 0 : gauge.value();
  }

  private io.fabric8.kubernetes.client.dsl.Resource<Deployment> deployment() {
    return cluster.apps().deployments().inNamespace("default").withName("watched");
  }

  private io.fabric8.kubernetes.client.dsl.Resource<io.fabric8.kubernetes.api.model.ConfigMap>
      configMap() {
    return cluster.configMaps().inNamespace("default").withName("watched-config");
  }

  /** A label change of the Deployment, and its one reconcile: everything before it is counted. */
  private void deploymentMarker(String value, long runsBefore) {
    deployment().edit(d -> labelled(d, value));
    await().atMost(Duration.ofSeconds(30)).until(() -> runs() == runsBefore + 1);
  }

  private static Deployment labelled(Deployment deployment, String value) {
    deployment.getMetadata().getLabels().put("marker", value);
    return deployment;
  }

  @Test
  void statusUpdatesTriggerNothingAndEachRealChangeExactlyOneReconcile() {
    var api = new Api(port);
    var known = watchedObjects();
    assertThat(api.deployYaml("watched", MANIFEST).statusCode()).isEqualTo(200);
    await().atMost(Duration.ofSeconds(30)).until(() -> watchedObjects() >= known + 2);
    var triggers = triggers();
    var runs = runs();

    // 1,000 status-only updates through the status subresource, as a controller writes them.
    var versionBefore = Long.parseLong(deployment().get().getMetadata().getResourceVersion());
    for (int i = 0; i < 1000; i++) {
      var live = deployment().get();
      var conditions = new ArrayList<DeploymentCondition>();
      conditions.add(
          new DeploymentConditionBuilder()
              .withType("Heartbeat")
              .withStatus("True")
              .withMessage("beat " + i)
              .build());
      live.getStatus().setConditions(conditions);
      live.getStatus().setReadyReplicas(i % 3);
      cluster.apps().deployments().inNamespace("default").resource(live).updateStatus();
    }
    var versionAfter = Long.parseLong(deployment().get().getMetadata().getResourceVersion());
    assertThat(versionAfter - versionBefore).isGreaterThanOrEqualTo(1000);

    deploymentMarker("after-status", runs);
    assertThat(triggers()).as("only the marker's label change").isEqualTo(triggers + 1);
    assertThat(runs()).isEqualTo(runs + 1);

    // One spec change: one reconcile, which puts replicas back; its own write triggers nothing.
    deployment()
        .edit(
            d -> {
              d.getSpec().setReplicas(5);
              return d;
            });
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> runs() == runs + 2 && "applied".equals(row().get("last_result")));
    assertThat(deployment().get().getSpec().getReplicas()).isEqualTo(2);
    deploymentMarker("after-spec", runs + 2);
    assertThat(triggers()).as("the spec change and the marker").isEqualTo(triggers + 3);
    assertThat(runs()).isEqualTo(runs + 3);

    // A deleted ConfigMap: one reconcile, and it is back; then a label change: one more.
    configMap().delete();
    await().atMost(Duration.ofSeconds(30)).until(() -> configMap().get() != null);
    await().atMost(Duration.ofSeconds(30)).until(() -> runs() == runs + 4);
    configMap()
        .edit(
            c -> {
              c.getMetadata().getLabels().put("marker", "after-delete");
              return c;
            });
    await().atMost(Duration.ofSeconds(30)).until(() -> runs() == runs + 5);
    assertThat(triggers()).as("the delete and the label change").isEqualTo(triggers + 5);
    assertThat(row().get("last_result")).isEqualTo("noop");
    assertThat(configMap().get().getData()).containsEntry("greeting", "hello");
  }

  @Test
  void contentChangeOfAKindWithoutGenerationTriggersAReconcile() {
    cluster
        .configMaps()
        .inNamespace("default")
        .resource(
            new io.fabric8.kubernetes.api.model.ConfigMapBuilder()
                .withNewMetadata()
                .withName("not-owned")
                .endMetadata()
                .addToData("a", "b")
                .build())
        .create();
    var api = new Api(port);
    var known = watchedObjects();
    var manifest = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: owned-one\ndata:\n  a: b\n";
    assertThat(api.deployYaml("other", manifest).statusCode()).isEqualTo(200);
    await().atMost(Duration.ofSeconds(30)).until(() -> watchedObjects() >= known + 1);
    var before = runs("default/other");
    configMap("not-owned")
        .edit(
            c -> {
              c.getData().put("a", "changed");
              return c;
            });
    configMap("owned-one")
        .edit(
            c -> {
              c.getData().put("a", "changed");
              return c;
            });
    // A ConfigMap has no generation: its content counts. The owned one is put back.
    await().atMost(Duration.ofSeconds(30)).until(() -> runs("default/other") > before);
    assertThat(configMap("owned-one").get().getData()).containsEntry("a", "b");
    assertThat(configMap("not-owned").get().getData()).containsEntry("a", "changed");
  }

  private io.fabric8.kubernetes.client.dsl.Resource<io.fabric8.kubernetes.api.model.ConfigMap>
      configMap(String name) {
    return cluster.configMaps().inNamespace("default").withName(name);
  }

  private long runs(String appId) {
    var rows =
        jdbc.queryForList("SELECT runs FROM reconcile_lease WHERE app_id = ?", Long.class, appId);
    return rows.isEmpty() ? 0 : rows.get(0);
  }
}
