package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.api.model.apps.DeploymentList;
import io.fabric8.kubernetes.api.model.apps.DeploymentStatusBuilder;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.RollableScalableResource;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * metadata.generation and resourceVersion as the API server keeps them: generation counts spec
 * changes (and, for Deployments, annotation changes), not label or status changes; kinds without a
 * spec have none; a write that changes nothing once defaulted keeps the resourceVersion.
 */
class GenerationIT {

  private static final String DEPLOYMENT = "/apis/apps/v1/namespaces/default/deployments/web";

  @TempDir Path dir;

  private SandboxFixture cluster;

  @BeforeEach
  void start() {
    cluster = SandboxFixture.start(dir, Set.of());
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void generationCountsSpecAndAnnotationChangesOnly() {
    deployments().resource(deployment()).create();
    assertThat(generation()).isEqualTo(1);

    var labelled = deployments().withName("web").edit(d -> labelled(d, "tier", "front"));
    assertThat(generation()).isEqualTo(1);
    deployments().withName("web").edit(d -> scaled(d, 3));
    assertThat(generation()).isEqualTo(2);
    deployments().withName("web").edit(d -> annotated(d, "note", "x"));
    assertThat(generation()).isEqualTo(3);
    var withStatus =
        new DeploymentBuilder(deployments().withName("web").get())
            .withStatus(new DeploymentStatusBuilder().withReplicas(3).build())
            .build();
    deployments().resource(withStatus).updateStatus();

    assertThat(generation()).isEqualTo(3);
    assertThat(cluster.get(DEPLOYMENT).at("/status/replicas").asInt()).isEqualTo(3);
    assertThat(labelled.getMetadata().getGeneration()).isEqualTo(1);
  }

  @Test
  void aPutWithoutStatusKeepsTheStoredStatus() {
    deployments().resource(deployment()).create();
    var withStatus =
        new DeploymentBuilder(deployments().withName("web").get())
            .withStatus(new DeploymentStatusBuilder().withReplicas(1).build())
            .build();
    deployments().resource(withStatus).updateStatus();

    var stored = deployments().withName("web").get();
    var manifest = new DeploymentBuilder(scaled(deployment(), 2)).build();
    manifest.getMetadata().setResourceVersion(stored.getMetadata().getResourceVersion());
    deployments().resource(manifest).update();

    assertThat(cluster.get(DEPLOYMENT).at("/status/replicas").asInt()).isEqualTo(1);
    assertThat(generation()).isEqualTo(2);
  }

  @Test
  void anUnchangedManifestPutKeepsResourceVersionAndGeneration() {
    var created = deployments().resource(deployment()).create();
    var again = deployment();
    again.getMetadata().setResourceVersion(created.getMetadata().getResourceVersion());

    var answered = deployments().resource(again).update();

    assertThat(answered.getMetadata().getResourceVersion())
        .isEqualTo(created.getMetadata().getResourceVersion());
    assertThat(cluster.get(DEPLOYMENT).at("/metadata/resourceVersion").asText())
        .isEqualTo(created.getMetadata().getResourceVersion());
    assertThat(generation()).isEqualTo(1);
  }

  @Test
  void configMapsAndServicesHaveNoGeneration() {
    cluster
        .client
        .configMaps()
        .inNamespace("default")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName("settings")
                .endMetadata()
                .addToData("a", "1")
                .build())
        .create();
    cluster
        .client
        .configMaps()
        .inNamespace("default")
        .withName("settings")
        .edit(
            c -> {
              c.getData().put("a", "2");
              return c;
            });

    var configMap = cluster.get("/api/v1/namespaces/default/configmaps/settings");
    assertThat(configMap.at("/metadata").has("generation")).isFalse();
    assertThat(configMap.at("/data/a").asText()).isEqualTo("2");
  }

  @Test
  void aServicePutWithoutItsClusterIpKeepsTheAllocatedOne() {
    var created =
        cluster.create(
            """
            apiVersion: v1
            kind: Service
            metadata: {name: web, namespace: default}
            spec:
              type: NodePort
              selector: {app: web}
              ports: [{name: http, port: 80}]
            """);
    var before = cluster.get("/api/v1/namespaces/default/services/web");
    var manifest =
        cluster
            .client
            .resource(
                """
                apiVersion: v1
                kind: Service
                metadata: {name: web, namespace: default}
                spec:
                  type: NodePort
                  selector: {app: web, tier: front}
                  ports: [{name: http, port: 80}]
                """)
            .item();
    manifest.getMetadata().setResourceVersion(created.getMetadata().getResourceVersion());

    cluster.client.resource(manifest).update();

    var after = cluster.get("/api/v1/namespaces/default/services/web");
    assertThat(after.at("/spec/clusterIP")).isEqualTo(before.at("/spec/clusterIP"));
    assertThat(after.at("/spec/ports/0/nodePort")).isEqualTo(before.at("/spec/ports/0/nodePort"));
    assertThat(after.at("/spec/selector/tier").asText()).isEqualTo("front");
  }

  private long generation() {
    return cluster.get(DEPLOYMENT).at("/metadata/generation").asLong();
  }

  private NonNamespaceOperation<Deployment, DeploymentList, RollableScalableResource<Deployment>>
      deployments() {
    return cluster.client.apps().deployments().inNamespace("default");
  }

  private static Deployment labelled(Deployment deployment, String key, String value) {
    return new DeploymentBuilder(deployment)
        .editMetadata()
        .addToLabels(key, value)
        .endMetadata()
        .build();
  }

  private static Deployment annotated(Deployment deployment, String key, String value) {
    return new DeploymentBuilder(deployment)
        .editMetadata()
        .addToAnnotations(key, value)
        .endMetadata()
        .build();
  }

  static Deployment scaled(Deployment deployment, int replicas) {
    deployment.getSpec().setReplicas(replicas);
    return deployment;
  }

  static Deployment deployment() {
    return new DeploymentBuilder()
        .withNewMetadata()
        .withName("web")
        .withNamespace("default")
        .endMetadata()
        .withNewSpec()
        .withNewSelector()
        .addToMatchLabels("app", "web")
        .endSelector()
        .withNewTemplate()
        .withNewMetadata()
        .addToLabels("app", "web")
        .endMetadata()
        .withNewSpec()
        .addNewContainer()
        .withName("web")
        .withImage("nginx:1.27")
        .endContainer()
        .endSpec()
        .endTemplate()
        .endSpec()
        .build();
  }
}
