package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ConfigMapList;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionBuilder;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.DeploymentBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.NonNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sandbox through fabric8's client and the kubeconfig it writes, as Driftless reaches it:
 * objects, their server-set metadata and the resourceVersion counter survive a restart; a write the
 * store file cannot take is refused and undone.
 */
class SandboxClusterIT {

  private static final ResourceDefinitionContext WIDGETS =
      new ResourceDefinitionContext.Builder()
          .withGroup("example.com")
          .withVersion("v1")
          .withKind("Widget")
          .withPlural("widgets")
          .withNamespaced(true)
          .build();

  @TempDir Path dataDir;

  private SandboxCluster sandbox;
  private KubernetesClient client;

  @AfterEach
  void stop() {
    stopSandbox();
  }

  @Test
  void objectsAndTheirServerMetadataSurviveARestart() throws Exception {
    start();
    client
        .namespaces()
        .resource(new NamespaceBuilder().withNewMetadata().withName("team").endMetadata().build())
        .create();
    client.configMaps().inNamespace("team").resource(configMap("settings", "1")).create();
    client.apps().deployments().inNamespace("team").resource(deployment(1)).create();
    // The deployment controller has written status since the create: update the latest version.
    client
        .apps()
        .deployments()
        .inNamespace("team")
        .withName("web")
        .edit(deployment -> withReplicas(deployment, 3));
    var before =
        client.apps().deployments().inNamespace("team").withName("web").get().getMetadata();
    assertThat(before.getGeneration()).isEqualTo(2);

    restart();

    var after = client.apps().deployments().inNamespace("team").withName("web").get();
    assertThat(after.getMetadata()).usingRecursiveComparison().isEqualTo(before);
    assertThat(after.getSpec().getReplicas()).isEqualTo(3);
    // defaults and the controller's status are kept as stored, not admitted again
    assertThat(after.getSpec().getStrategy().getType()).isEqualTo("RollingUpdate");
    assertThat(after.getStatus().getReadyReplicas()).isEqualTo(3);
    assertThat(after.getStatus().getObservedGeneration()).isEqualTo(2);
    assertThat(client.configMaps().inNamespace("team").withName("settings").get().getData())
        .isEqualTo(Map.of("value", "1"));
    assertThat(client.namespaces().withName("team").get()).isNotNull();
    assertThat(client.configMaps().inNamespace("team").list().getItems()).hasSize(1);
  }

  @Test
  void resourceVersionsAndUidsAreNeverIssuedTwiceAcrossRestarts() throws Exception {
    start();
    var versions = new HashSet<String>();
    var uids = new HashSet<String>();
    for (int restart = 0; restart < 3; restart++) {
      for (int i = 0; i < 3; i++) {
        var created = configMaps().resource(configMap("cm-" + restart + "-" + i, "a")).create();
        assertThat(versions.add(created.getMetadata().getResourceVersion())).isTrue();
        assertThat(uids.add(created.getMetadata().getUid())).isTrue();
        var updated = configMaps().resource(withValue(created, "b")).update();
        assertThat(versions.add(updated.getMetadata().getResourceVersion())).isTrue();
        assertThat(updated.getMetadata().getUid()).isEqualTo(created.getMetadata().getUid());
      }
      restart();
    }
    assertThat(versions).hasSize(18);
    assertThat(uids).allSatisfy(uid -> assertThat(UUID.fromString(uid).version()).isEqualTo(4));
  }

  @Test
  void aCreateAnswersWithTheUidItStored() throws Exception {
    start();
    var created = configMaps().resource(configMap("settings", "1")).create();
    assertThat(configMaps().withName("settings").get().getMetadata().getUid())
        .isEqualTo(created.getMetadata().getUid());
  }

  @Test
  void aStalePutIsRefusedAfterARestart() throws Exception {
    start();
    var created = configMaps().resource(configMap("settings", "1")).create();
    var current = configMaps().resource(withValue(created, "2")).update();
    restart();

    assertThatThrownBy(() -> configMaps().resource(withValue(created, "3")).update())
        .isInstanceOfSatisfying(
            KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(409));
    var updated = configMaps().resource(withValue(current, "3")).update();
    assertThat(Long.parseLong(updated.getMetadata().getResourceVersion()))
        .isGreaterThan(Long.parseLong(current.getMetadata().getResourceVersion()));
  }

  @Test
  void aDeleteSurvivesARestart() throws Exception {
    start();
    configMaps().resource(configMap("gone", "1")).create();
    configMaps().resource(configMap("kept", "1")).create();
    configMaps().withName("gone").delete();
    restart();

    assertThat(configMaps().withName("gone").get()).isNull();
    assertThat(configMaps().withName("kept").get()).isNotNull();
  }

  @Test
  void customResourcesSurviveARestartWithTheirDefinition() throws Exception {
    start();
    client.apiextensions().v1().customResourceDefinitions().resource(widgetDefinition()).create();
    var widget = new GenericKubernetesResource();
    widget.setApiVersion("example.com/v1");
    widget.setKind("Widget");
    widget.setMetadata(new ObjectMeta());
    widget.getMetadata().setName("blue");
    widget.setAdditionalProperty("spec", Map.of("color", "blue"));
    client.genericKubernetesResources(WIDGETS).inNamespace("default").resource(widget).create();
    restart();

    var restored = client.genericKubernetesResources(WIDGETS).inNamespace("default");
    assertThat(restored.withName("blue").get().getAdditionalProperties().get("spec"))
        .isEqualTo(Map.of("color", "blue"));
    assertThat(restored.list().getItems()).hasSize(1);
    assertThat(
            client
                .apiextensions()
                .v1()
                .customResourceDefinitions()
                .withName("widgets.example.com")
                .get())
        .isNotNull();
  }

  @Test
  void aWriteTheStoreCannotTakeIsRefusedAndUndone() throws Exception {
    start();
    configMaps().resource(configMap("before", "1")).create();
    restart(); // a clean stop compacts: the journal is gone, its writes are in the snapshot
    assertThat(dataDir.resolve("sandbox-cluster.json.journal")).doesNotExist();
    // A non-empty directory where the store's journal goes: the append fails.
    var blocker = Files.createDirectories(dataDir.resolve("sandbox-cluster.json.journal/blocked"));

    assertThatThrownBy(() -> configMaps().resource(configMap("refused", "1")).create())
        .isInstanceOfSatisfying(
            KubernetesClientException.class, e -> assertThat(e.getCode()).isEqualTo(500));
    assertThat(configMaps().withName("refused").get()).isNull();

    Files.delete(blocker);
    Files.delete(blocker.getParent());
    configMaps().resource(configMap("after", "1")).create();
    restart();
    assertThat(configMaps().list().getItems())
        .extracting(cm -> cm.getMetadata().getName())
        .containsExactly("before", "after");
  }

  @Test
  void aSecondSandboxOnTheSameStoreIsRefused() {
    start();
    assertThatThrownBy(() -> SandboxCluster.start(settings()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("sandbox-cluster.json");
  }

  @Test
  void anInMemorySandboxWritesNoStoreFile() throws Exception {
    sandbox = SandboxCluster.start(settings().inMemory());
    client = clientFor(sandbox);
    configMaps().resource(configMap("settings", "1")).create();
    assertThat(configMaps().withName("settings").get()).isNotNull();
    assertThat(dataDir.resolve("sandbox-cluster.json")).doesNotExist();
  }

  private SandboxSettings settings() {
    return SandboxSettings.under(dataDir).withPort(0);
  }

  private void start() {
    sandbox = SandboxCluster.start(settings());
    client = clientFor(sandbox);
  }

  private void restart() {
    stopSandbox();
    start();
  }

  private void stopSandbox() {
    if (client != null) {
      client.close();
      client = null;
    }
    if (sandbox != null) {
      sandbox.close();
      sandbox = null;
    }
  }

  private static KubernetesClient clientFor(SandboxCluster sandbox) {
    try {
      var config = Config.fromKubeconfig(Files.readString(sandbox.kubeconfig()));
      // fabric8 retries a 5xx answer with back-off; the refused write should fail at once.
      config.setRequestRetryBackoffLimit(0);
      return new KubernetesClientBuilder().withConfig(config).build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private NonNamespaceOperation<ConfigMap, ConfigMapList, Resource<ConfigMap>> configMaps() {
    return client.configMaps().inNamespace("default");
  }

  private static ConfigMap configMap(String name, String value) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withName(name)
        .endMetadata()
        .addToData("value", value)
        .build();
  }

  private static ConfigMap withValue(ConfigMap configMap, String value) {
    return new ConfigMapBuilder(configMap).withData(Map.of("value", value)).build();
  }

  private static Deployment deployment(int replicas) {
    return new DeploymentBuilder()
        .withNewMetadata()
        .withName("web")
        .endMetadata()
        .withNewSpec()
        .withReplicas(replicas)
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

  private static Deployment withReplicas(Deployment deployment, int replicas) {
    return new DeploymentBuilder(deployment).editSpec().withReplicas(replicas).endSpec().build();
  }

  private static CustomResourceDefinition widgetDefinition() {
    return new CustomResourceDefinitionBuilder()
        .withNewMetadata()
        .withName("widgets.example.com")
        .endMetadata()
        .withNewSpec()
        .withGroup("example.com")
        .withScope("Namespaced")
        .withNewNames()
        .withKind("Widget")
        .withPlural("widgets")
        .withSingular("widget")
        .endNames()
        .addNewVersion()
        .withName("v1")
        .withServed(true)
        .withStorage(true)
        .endVersion()
        .endSpec()
        .build();
  }
}
