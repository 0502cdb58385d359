package io.driftless.command.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.Fabric8ClusterGateway;
import io.driftless.command.cluster.ObjectsAtVersions;
import io.driftless.command.support.ReadOnlyCluster;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.sandbox.SandboxCluster;
import io.driftless.sandbox.SandboxSettings;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A first deploy's reads against the sandbox over HTTP (issue 31 point 1), counted by verb: the
 * objects of a kind and namespace not labelled for the app are read with one unlabelled LIST when
 * there are two or more of them, a lone one by its GET; what is found is what a GET per key finds.
 */
class LiveObjectsIT {

  private final ObjectsAtVersions atVersions = new ObjectsAtVersions(100);

  private static final String LABEL = "kapp.k14s.io/app";
  private static final String APP = "1234";

  private SandboxCluster sandbox;
  private KubernetesClient client;
  private Fabric8ClusterGateway gateway;

  @BeforeEach
  void start() {
    var kubeconfig = Path.of("target", "kubeconfig-" + UUID.randomUUID() + ".yaml");
    sandbox = SandboxCluster.start(new SandboxSettings("127.0.0.1", 0, kubeconfig, null));
    var config = Config.fromKubeconfig(null, new File(kubeconfig.toString()));
    config.setRequestRetryBackoffLimit(0);
    client = new KubernetesClientBuilder().withConfig(config).build();
    gateway = new Fabric8ClusterGateway(client);
  }

  @AfterEach
  void stop() {
    client.close();
    sandbox.close();
  }

  @Test
  void aFirstDeployReadsPerKindNotPerObject() {
    configMap("owned", Map.of(LABEL, APP));
    configMap("to-adopt", Map.of());
    configMap("other-app", Map.of(LABEL, "999"));
    var keys = new LinkedHashMap<ResourceKey, String>();
    for (var name : List.of("owned", "to-adopt", "other-app")) {
      keys.put(new ResourceKey("", "ConfigMap", "default", name), "v1");
    }
    for (var i = 0; i < 10; i++) {
      keys.put(new ResourceKey("", "ConfigMap", "default", "new-" + i), "v1");
    }
    keys.put(new ResourceKey("", "Secret", "default", "lone"), "v1");
    keys.put(new ResourceKey("", "Namespace", "", "default"), "v1");
    keys.put(new ResourceKey("", "Namespace", "", "new-namespace"), "v1");

    var before = sandbox.requestsByVerb();
    var live = LiveObjects.read(gateway, atVersions, keys, Set.of(), LABEL, APP).objects();
    var sent = since(before, sandbox.requestsByVerb());

    // labelled LISTs of ConfigMap, Secret and Namespace; unlabelled LISTs of ConfigMap (12 keys not
    // labelled for the app) and Namespace (2); the lone Secret by its GET
    assertThat(sent).isEqualTo(Map.of("list", 5L, "get", 1L));
    assertThat(live.keySet())
        .contains(
            new ResourceKey("", "ConfigMap", "default", "owned"),
            new ResourceKey("", "ConfigMap", "default", "to-adopt"),
            new ResourceKey("", "ConfigMap", "default", "other-app"))
        .doesNotContain(new ResourceKey("", "ConfigMap", "default", "new-0"));

    var byGets =
        LiveObjects.read(new GetsOnly(gateway), atVersions, keys, Set.of(), LABEL, APP).objects();
    assertThat(live).isEqualTo(byGets);
  }

  private void configMap(String name, Map<String, String> labels) {
    client
        .configMaps()
        .inNamespace("default")
        .resource(
            new ConfigMapBuilder()
                .withNewMetadata()
                .withName(name)
                .withNamespace("default")
                .withLabels(labels)
                .endMetadata()
                .addToData("a", "b")
                .build())
        .create();
  }

  private static Map<String, Long> since(Map<String, Long> before, Map<String, Long> after) {
    var sent = new HashMap<String, Long>();
    after.forEach(
        (verb, count) -> {
          var delta = count - before.getOrDefault(verb, 0L);
          if (delta != 0) {
            sent.put(verb, delta);
          }
        });
    return sent;
  }

  /** The gateway's labelled lists and GETs, without its unlabelled list: reads as before. */
  private static final class GetsOnly extends ReadOnlyCluster {

    private final Fabric8ClusterGateway gateway;

    GetsOnly(Fabric8ClusterGateway gateway) {
      this.gateway = gateway;
    }

    @Override
    public Optional<ObjectNode> get(ResourceKey key, String apiVersion) {
      return gateway.get(key, apiVersion);
    }

    @Override
    public Optional<List<ObjectNode>> labelledObjects(
        ResourceKey probe, String apiVersion, String label, String value) {
      return gateway.labelledObjects(probe, apiVersion, label, value);
    }
  }
}
