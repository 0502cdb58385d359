package io.driftless.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ResourceKey;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ConfigMapListBuilder;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The gateway reads back only the object it asked for; a mock API server answers otherwise. */
class Fabric8ClusterGatewayTest {

  private static final String PATH = "/api/v1/namespaces/default/configmaps/";
  private static final ResourceKey KEY = new ResourceKey("", "ConfigMap", "default", "wanted");

  private KubernetesMockServer server;
  private KubernetesClient client;
  private Fabric8ClusterGateway gateway;

  @BeforeEach
  void start() {
    server = new KubernetesMockServer(false);
    server.init();
    client = server.createClient();
    gateway = new Fabric8ClusterGateway(client);
  }

  @AfterEach
  void stop() {
    client.close();
    server.destroy();
  }

  private static ConfigMapBuilder configMap(String namespace, String name) {
    return new ConfigMapBuilder()
        .withNewMetadata()
        .withNamespace(namespace)
        .withName(name)
        .withResourceVersion("1")
        .endMetadata();
  }

  @Test
  void readsTheObjectAskedFor() {
    server
        .expect()
        .get()
        .withPath(PATH + "wanted")
        .andReturn(200, configMap("default", "wanted").build())
        .once();

    assertThat(gateway.get(KEY, "v1"))
        .get()
        .extracting(o -> o.at("/metadata/name").asText())
        .isEqualTo("wanted");
  }

  @Test
  void refusesAnotherObject() {
    server
        .expect()
        .get()
        .withPath(PATH + "wanted")
        .andReturn(200, configMap("default", "other").build())
        .once();

    assertThatThrownBy(() -> gateway.get(KEY, "v1"))
        .isInstanceOf(ClusterException.class)
        .hasMessageContaining("answered with ConfigMap default/other, not the object asked for");
  }

  @Test
  void refusesAnObjectOfAnotherNamespace() {
    server
        .expect()
        .get()
        .withPath(PATH + "wanted")
        .andReturn(200, configMap("elsewhere", "wanted").build())
        .once();

    assertThatThrownBy(() -> gateway.get(KEY, "v1"))
        .isInstanceOf(ClusterException.class)
        .hasMessageContaining("elsewhere/wanted");
  }

  @Test
  void refusesAList() {
    server
        .expect()
        .get()
        .withPath(PATH + "wanted")
        .andReturn(
            200,
            new ConfigMapListBuilder().addToItems(configMap("default", "wanted").build()).build())
        .once();

    assertThatThrownBy(() -> gateway.get(KEY, "v1"))
        .isInstanceOf(ClusterException.class)
        .hasMessageContaining("answered with ConfigMapList");
  }

  @Test
  void refusesAStatusAnsweredToAWrite() {
    var status = new StatusBuilder().withStatus("Success").withMessage("done").build();
    server.expect().put().withPath(PATH + "wanted").andReturn(200, status).once();
    ObjectNode object = new ObjectMapper().valueToTree(configMap("default", "wanted").build());

    assertThatThrownBy(() -> gateway.update(KEY, object, "1"))
        .isInstanceOf(ClusterException.class)
        .hasMessageContaining("answered with Status");
  }

  /** Issue 31: a first deploy's objects of one kind and namespace, read with one LIST. */
  @Test
  void listsEveryObjectOfAKindInTheProbesNamespaceWithoutASelector() throws Exception {
    server
        .expect()
        .get()
        .withPath("/api/v1/namespaces/default/configmaps")
        .andReturn(
            200,
            new ConfigMapListBuilder()
                .addToItems(
                    configMap("default", "one").build(), configMap("default", "two").build())
                .build())
        .once();

    var objects = gateway.objects(KEY, "v1");

    assertThat(objects)
        .get()
        .satisfies(
            items ->
                assertThat(items)
                    .extracting(o -> o.at("/kind").asText() + " " + o.at("/metadata/name").asText())
                    .containsExactly("ConfigMap one", "ConfigMap two"));
    assertThat(server.getRequestCount()).isEqualTo(1);
    assertThat(server.getLastRequest().getPath())
        .isEqualTo("/api/v1/namespaces/default/configmaps");
  }

  /**
   * Issue 31: a LIST answered with the same items as before (the list's own resourceVersion moved)
   * gets the trees of that answer, undecoded; a changed item gets a new tree.
   */
  @Test
  void aListAnsweredWithTheSameItemsAgainGetsTheSameTrees() {
    var path = "/api/v1/namespaces/default/configmaps?labelSelector=app%3Dshop";
    var item =
        "{\"kind\":\"ConfigMap\",\"apiVersion\":\"v1\",\"metadata\":{\"name\":\"%s\","
            + "\"namespace\":\"default\",\"uid\":\"u-%1$s\",\"resourceVersion\":\"%s\"},"
            + "\"data\":{\"k\":\"%s\"}}";
    var list =
        "{\"kind\":\"ConfigMapList\",\"apiVersion\":\"v1\",\"metadata\":"
            + "{\"resourceVersion\":\"%s\"},\"items\":[%s,%s]}";
    var one = item.formatted("one", "5", "a");
    var two = item.formatted("two", "6", "b");
    server.expect().get().withPath(path).andReturn(200, list.formatted("10", one, two)).once();
    server.expect().get().withPath(path).andReturn(200, list.formatted("11", one, two)).once();
    var changed = item.formatted("two", "12", "c");
    server.expect().get().withPath(path).andReturn(200, list.formatted("12", one, changed)).once();

    var first = gateway.labelledObjects(KEY, "v1", "app", "shop").orElseThrow();
    var again = gateway.labelledObjects(KEY, "v1", "app", "shop").orElseThrow();
    var third = gateway.labelledObjects(KEY, "v1", "app", "shop").orElseThrow();

    assertThat(server.getRequestCount()).as("every read asks the cluster").isEqualTo(3);
    assertThat(first).extracting(o -> o.at("/data/k").asText()).containsExactly("a", "b");
    assertThat(again).isSameAs(first);
    assertThat(third.get(0)).as("the unchanged item's tree").isSameAs(first.get(0));
    assertThat(third.get(1).at("/data/k").asText()).isEqualTo("c");
    assertThat(third.get(1).at("/metadata/resourceVersion").asText()).isEqualTo("12");
  }

  @Test
  void aRefusedListIsAClusterErrorWithTheServersStatus() {
    server
        .expect()
        .get()
        .withPath("/api/v1/namespaces/default/configmaps?labelSelector=app%3Dshop")
        .andReturn(
            403,
            new StatusBuilder()
                .withCode(403)
                .withMessage("configmaps is forbidden: User \"deployer\" cannot list")
                .build())
        .once();

    assertThatThrownBy(() -> gateway.labelledObjects(KEY, "v1", "app", "shop"))
        .isInstanceOfSatisfying(ClusterException.class, e -> assertThat(e.status()).isEqualTo(403))
        .hasMessageContaining("list core/ConfigMap/default/wanted")
        .hasMessageContaining("(403)")
        .hasMessageContaining("configmaps is forbidden: User \"deployer\" cannot list");
  }

  @Test
  void listsAClusterScopedKindAtTheCluster() throws Exception {
    server
        .expect()
        .get()
        .withPath("/api/v1/namespaces")
        .andReturn(200, new io.fabric8.kubernetes.api.model.NamespaceListBuilder().build())
        .once();

    assertThat(gateway.objects(new ResourceKey("", "Namespace", "", "any"), "v1"))
        .get()
        .satisfies(items -> assertThat(items).isEmpty());
    assertThat(server.getLastRequest().getPath()).isEqualTo("/api/v1/namespaces");
  }

  @Test
  void doesNotListWholeWhereOneListWouldNotBeTheProbesNamespace() {
    // a namespaced kind without a namespace would list every namespace; a cluster-scoped kind
    // given a namespace would list the cluster: the caller reads such keys by GET
    assertThat(gateway.objects(new ResourceKey("", "ConfigMap", "", "x"), "v1")).isEmpty();
    assertThat(gateway.objects(new ResourceKey("", "Namespace", "default", "x"), "v1")).isEmpty();
    assertThat(server.getRequestCount()).isZero();
  }

  /** Issue 32 point 4: parts that would steer the request path never reach the cluster. */
  @Test
  void sendsNothingForAKeyOrApiVersionThatWouldSteerThePath() throws Exception {
    var mapper = new ObjectMapper();
    var keys =
        java.util.List.of(
            new ResourceKey("", "Secret%2f..", "default", "x"),
            new ResourceKey("", "ConfigMap", "default", "a?b"),
            new ResourceKey("", "ConfigMap", "a/b", "x"),
            new ResourceKey("rbac.authorization.k8s.io", "ClusterRole", "", "reader#x"));
    for (var key : keys) {
      assertThatThrownBy(() -> gateway.get(key, "v1")).isInstanceOf(ClusterException.class);
      assertThatThrownBy(() -> gateway.delete(key, "v1")).isInstanceOf(ClusterException.class);
    }
    for (var apiVersion : new String[] {"v1/../../apis", "v1?watch=true", "apps/v1/x", "/v1"}) {
      assertThatThrownBy(() -> gateway.get(KEY, apiVersion))
          .isInstanceOf(ClusterException.class)
          .hasMessageContaining("refused before it was sent: its apiVersion");
      var object =
          (ObjectNode)
              mapper.readTree(
                  "{\"apiVersion\":\"%s\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"wanted\"}}"
                      .formatted(apiVersion));
      assertThatThrownBy(() -> gateway.create(KEY, object)).isInstanceOf(ClusterException.class);
    }

    assertThat(server.getRequestCount()).isZero();
  }
}
