package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.sandbox.controllers.Controller;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HorizontalPodAutoscalers (and CronJobs, PodDisruptionBudgets) are served at each version of their
 * group with the same fields, whichever they were written at, as an API server serves them: knative
 * ships {@code autoscaling/v2} and {@code v2beta2} ones side by side, and one LIST per kind and
 * namespace (kapp's, {@code kubectl get hpa}'s) must find them all.
 */
class SiblingVersionsIT {

  private static final String V2 =
      "/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers";
  private static final String V2BETA2 =
      "/apis/autoscaling/v2beta2/namespaces/default/horizontalpodautoscalers";

  @TempDir static Path dir;

  // the tests only read: one sandbox for the class
  private static SandboxFixture cluster;

  @BeforeAll
  static void start() {
    cluster = SandboxFixture.start(dir, Controller.defaults());
    cluster.create(hpa("autoscaling/v2", "new-one"));
    cluster.create(hpa("autoscaling/v2beta2", "old-one"));
  }

  @AfterAll
  static void stop() {
    cluster.close();
  }

  private static String hpa(String apiVersion, String name) {
    return """
        apiVersion: %s
        kind: HorizontalPodAutoscaler
        metadata:
          name: %s
          namespace: default
          labels: {app: web}
        spec:
          scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: %s}
          minReplicas: 1
          maxReplicas: 3
          metrics:
          - type: Resource
            resource: {name: cpu, target: {type: Utilization, averageUtilization: 80}}
        """
        .formatted(apiVersion, name, name);
  }

  @Test
  void eachVersionListsEveryObjectOnceAtItsOwnVersion() {
    for (var path : List.of(V2, V2BETA2, V2 + "?labelSelector=app%3Dweb")) {
      var listed = new HashMap<String, JsonNode>();
      cluster.get(path).path("items").forEach(i -> listed.put(i.at("/metadata/name").asText(), i));

      var version = path.startsWith(V2BETA2) ? "autoscaling/v2beta2" : "autoscaling/v2";
      assertThat(listed).as(path).containsOnlyKeys("new-one", "old-one");
      listed.values().forEach(i -> assertThat(i.path("apiVersion").asText()).isEqualTo(version));
      assertThat(listed.get("old-one").at("/spec/metrics/0/resource/target/averageUtilization"))
          .hasToString("80");
    }
    assertThat(cluster.get(V2 + "?labelSelector=app%3Dother").path("items")).isEmpty();
  }

  @Test
  void oneObjectIsReadAtTheOtherVersionAsTheSameObject() {
    var stored = cluster.get(V2BETA2 + "/old-one");
    var atV2 = cluster.get(V2 + "/old-one");

    assertThat(atV2.path("apiVersion").asText()).isEqualTo("autoscaling/v2");
    for (var field : List.of("/metadata/uid", "/metadata/resourceVersion", "/spec")) {
      assertThat(atV2.at(field)).as(field).isEqualTo(stored.at(field));
    }
  }

  @Test
  void kubectlGetHpaListsBothAsAnOperatorSeesThem() {
    Kubectl.assumeInstalled();
    var kubectl = new Kubectl(cluster.sandbox.kubeconfig(), dir);

    var result = kubectl.run("get", "hpa", "-n", "default", "-o", "name");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out().lines())
        .containsExactlyInAnyOrder(
            "horizontalpodautoscaler.autoscaling/new-one",
            "horizontalpodautoscaler.autoscaling/old-one");
  }

  @Test
  void aNameNoVersionHoldsIsNotFoundAndAutoscalingV1StaysApart() throws Exception {
    assertThat(cluster.send("GET", V2 + "/none", null, null).statusCode()).isEqualTo(404);
    var v1 = cluster.get("/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers");
    assertThat(v1.path("items")).isEmpty();
  }
}
