package io.driftless.command.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.ObjectsAtVersions;
import io.driftless.command.support.ReadOnlyCluster;
import io.driftless.diff.resources.ResourceKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * A plan's live reads per kind: one labelled LIST per (apiVersion, kind, namespace), a GET only for
 * what the lists did not hold, and the same objects as one GET per key would have found.
 */
class LiveObjectsTest {

  private final ObjectsAtVersions atVersions = new ObjectsAtVersions(100);

  private static final String LABEL = "kapp.k14s.io/app";
  private static final String APP = "1234";
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Cluster cluster = new Cluster();

  @Test
  void anAppWhoseObjectsAllCarryItsLabelCostsOneListPerKindAndNamespace() {
    var keys = new LinkedHashMap<ResourceKey, String>();
    for (var i = 0; i < 20; i++) {
      keys.put(cluster.put(configMap("a", "cm-" + i, APP)), "v1");
      keys.put(cluster.put(deployment("a", "d-" + i, APP)), "apps/v1");
    }
    keys.put(cluster.put(configMap("b", "cm-0", APP)), "v1");

    var live = LiveObjects.read(cluster, atVersions, keys, Set.of(), LABEL, APP);

    assertThat(live.objects()).containsOnlyKeys(keys.keySet());
    assertThat(cluster.lists).hasSize(3);
    assertThat(cluster.gets).isEmpty();
  }

  @Test
  void theKindsAreListedAtOnceOnTheGatewaysReads() throws Exception {
    var keys = new LinkedHashMap<ResourceKey, String>();
    keys.put(cluster.put(configMap("a", "cm", APP)), "v1");
    keys.put(cluster.put(configMap("b", "cm", APP)), "v1");
    keys.put(cluster.put(deployment("a", "d", APP)), "apps/v1");
    var pool = Executors.newFixedThreadPool(3);
    try {
      // each list returns only once all three are in flight: one after another, none would
      var allInFlight = new CyclicBarrier(3);
      var parallel =
          new OnPool(
              pool,
              cluster,
              probe -> {
                try {
                  allInFlight.await(10, TimeUnit.SECONDS);
                } catch (Exception e) {
                  throw new IllegalStateException("the lists were not made at once", e);
                }
              });

      var live = LiveObjects.read(parallel, atVersions, keys, Set.of(), LABEL, APP);

      assertThat(live.objects()).containsOnlyKeys(keys.keySet());
      assertThat(cluster.lists).hasSize(3);
      assertThat(cluster.gets).isEmpty();
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void whatAListThrowsBeyondTheClustersRefusalFailsTheReads() {
    var keys = new LinkedHashMap<ResourceKey, String>();
    keys.put(cluster.put(configMap("a", "cm", APP)), "v1");
    keys.put(cluster.put(deployment("a", "d", APP)), "apps/v1");
    var pool = Executors.newFixedThreadPool(2);
    try {
      var broken =
          new OnPool(
              pool,
              cluster,
              probe -> {
                if (probe.kind().equals("Deployment")) {
                  throw new IllegalStateException("broken list of " + probe.kind());
                }
              });

      assertThatThrownBy(() -> LiveObjects.read(broken, atVersions, keys, Set.of(), LABEL, APP))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("broken list of Deployment");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void anObjectNotLabelledForTheAppOrAbsentIsReadByGet() {
    var owned = cluster.put(configMap("a", "owned", APP));
    var other = cluster.put(configMap("a", "other-app", "999"));
    var unlabelled = cluster.put(configMap("a", "unlabelled", null));
    var missing = new ResourceKey("", "ConfigMap", "a", "missing");
    var keys = new LinkedHashMap<ResourceKey, String>();
    for (var key : List.of(owned, other, unlabelled, missing)) {
      keys.put(key, "v1");
    }

    var live = LiveObjects.read(cluster, atVersions, keys, Set.of(), LABEL, APP);

    assertThat(live.objects()).containsOnlyKeys(owned, other, unlabelled);
    assertThat(live.objects().get(other).path("metadata").path("name").asText())
        .isEqualTo("other-app");
    assertThat(cluster.gets).containsExactlyInAnyOrder(other, unlabelled, missing);
  }

  @Test
  void twoOrMoreKeysOfAKindNotInItsLabelledListAreReadWithOneUnlabelledList() {
    // a first deploy: most objects do not exist yet; one to adopt, one of another app
    cluster.listsWhole = true;
    var keys = new LinkedHashMap<ResourceKey, String>();
    var owned = cluster.put(configMap("a", "owned", APP));
    var other = cluster.put(configMap("a", "other-app", "999"));
    var unlabelled = cluster.put(configMap("a", "unlabelled", null));
    cluster.put(configMap("a", "not-the-apps", null));
    cluster.put(configMap("b", "same-name-elsewhere", null));
    for (var key : List.of(owned, other, unlabelled)) {
      keys.put(key, "v1");
    }
    for (var i = 0; i < 20; i++) {
      keys.put(new ResourceKey("", "ConfigMap", "a", "new-" + i), "v1");
    }
    keys.put(new ResourceKey("", "ConfigMap", "a", "same-name-elsewhere"), "v1");
    // a single key of its kind not in the labelled list keeps its GET
    var lone = new ResourceKey("apps", "Deployment", "a", "new-d");
    keys.put(lone, "apps/v1");
    var deployment = cluster.put(deployment("a", "d", APP));
    keys.put(deployment, "apps/v1");

    var live = LiveObjects.read(cluster, atVersions, keys, Set.of(), LABEL, APP);

    assertThat(live.objects()).containsOnlyKeys(owned, other, unlabelled, deployment);
    assertThat(cluster.wholeLists).containsExactly("v1/ConfigMap/a");
    assertThat(cluster.gets).containsExactly(lone);
    assertThat(cluster.lists).hasSize(2);

    // the same objects as a GET per key
    var byGets = new Cluster();
    byGets.objects.putAll(cluster.objects);
    assertThat(LiveObjects.read(byGets, atVersions, keys, Set.of(), LABEL, APP).objects())
        .isEqualTo(live.objects());
    assertThat(byGets.gets).hasSize(24);
  }

  @Test
  void aVersionedResourcesOwnNameDoesNotCountTowardsAnUnlabelledList() {
    cluster.listsWhole = true;
    var one = new ResourceKey("", "ConfigMap", "a", "plain");
    var versioned = new ResourceKey("", "ConfigMap", "a", "conf");
    var versionedToo = new ResourceKey("", "ConfigMap", "a", "conf-2");
    var keys = new LinkedHashMap<ResourceKey, String>();
    for (var key : List.of(one, versioned, versionedToo)) {
      keys.put(key, "v1");
    }

    var live =
        LiveObjects.read(cluster, atVersions, keys, Set.of(versioned, versionedToo), LABEL, APP);

    assertThat(live.objects()).isEmpty();
    assertThat(cluster.wholeLists).isEmpty();
    assertThat(cluster.gets).containsExactly(one);
  }

  @Test
  void aKindThatCannotBeListedWholeIsReadByGets() {
    cluster.listsWhole = true;
    cluster.refuseWholeLists = true;
    var existing = cluster.put(configMap("a", "unlabelled", null));
    var absent = new ResourceKey("", "ConfigMap", "a", "absent");

    var live =
        LiveObjects.read(
            cluster,
            atVersions,
            new LinkedHashMap<>(Map.of(existing, "v1", absent, "v1")),
            Set.of(),
            LABEL,
            APP);

    assertThat(live.objects()).containsOnlyKeys(existing);
    assertThat(cluster.wholeLists).containsExactly("v1/ConfigMap/a");
    assertThat(cluster.gets).containsExactlyInAnyOrder(existing, absent);
  }

  @Test
  void aKindWhoseLabelledListFailedIsNotListedWhole() {
    cluster.listsWhole = true;
    cluster.refuseLists = true;
    var first = new ResourceKey("", "ConfigMap", "a", "one");
    var second = new ResourceKey("", "ConfigMap", "a", "two");

    var live =
        LiveObjects.read(
            cluster,
            atVersions,
            new LinkedHashMap<>(Map.of(first, "v1", second, "v1")),
            Set.of(),
            LABEL,
            APP);

    assertThat(live.objects()).isEmpty();
    assertThat(cluster.wholeLists).isEmpty();
    assertThat(cluster.gets).containsExactlyInAnyOrder(first, second);
  }

  @Test
  void aVersionedResourcesOwnNameIsTakenFromTheListOnly() {
    // deployed as conf-ver-N: an object at the name itself counts only if the app owns it
    var owned = cluster.put(configMap("a", "owned-conf", APP));
    var unlabelled = cluster.put(configMap("a", "plain-conf", null));
    var absent = new ResourceKey("", "ConfigMap", "a", "conf");
    var keys = new LinkedHashMap<ResourceKey, String>();
    for (var key : List.of(owned, unlabelled, absent)) {
      keys.put(key, "v1");
    }

    var live =
        LiveObjects.read(cluster, atVersions, keys, Set.of(owned, unlabelled, absent), LABEL, APP);

    assertThat(live.objects()).containsOnlyKeys(owned);
    assertThat(cluster.gets).isEmpty();
  }

  @Test
  void aListOfEveryNamespaceStandsOnlyForItsOwnNamespace() {
    // a key without a namespace of a namespaced kind lists every namespace; a same-named object
    // of another namespace is not the key's object
    cluster.put(configMap("elsewhere", "shared", APP));
    var key = new ResourceKey("", "ConfigMap", "", "shared");

    var live = LiveObjects.read(cluster, atVersions, Map.of(key, "v1"), Set.of(), LABEL, APP);

    assertThat(live.objects()).isEmpty();
    assertThat(cluster.gets).containsExactly(key);
  }

  @Test
  void aKindThatCannotBeListedIsReadObjectByObject() {
    var first = cluster.put(configMap("a", "one", APP));
    var second = cluster.put(configMap("a", "two", APP));
    cluster.refuseLists = true;

    var live =
        LiveObjects.read(
            cluster,
            atVersions,
            new LinkedHashMap<>(Map.of(first, "v1", second, "v1")),
            Set.of(),
            LABEL,
            APP);

    assertThat(live.objects()).containsOnlyKeys(first, second);
    assertThat(cluster.gets).containsExactlyInAnyOrder(first, second);
  }

  @Test
  void labelledLooksInTheListedKindAndChecksTheLabelOfAGet() {
    var listed = cluster.put(configMap("a", "conf-ver-1", APP));
    var notListedKind = cluster.put(deployment("a", "d-ver-1", APP));
    var otherApp = cluster.put(deployment("a", "d-ver-2", "999"));
    var live = LiveObjects.read(cluster, atVersions, Map.of(listed, "v1"), Set.of(), LABEL, APP);
    cluster.gets.clear();

    assertThat(live.labelled(listed, "v1")).isPresent();
    assertThat(live.labelled(new ResourceKey("", "ConfigMap", "a", "conf-ver-2"), "v1")).isEmpty();
    assertThat(cluster.gets).as("answered from the list").isEmpty();
    // a kind not listed yet is listed on its first question, once
    assertThat(live.labelled(notListedKind, "apps/v1")).isPresent();
    assertThat(live.labelled(otherApp, "apps/v1")).isEmpty();
    assertThat(cluster.gets).isEmpty();
    assertThat(cluster.listCalls).isEqualTo(2);
  }

  @Test
  void labelledChecksTheLabelOfAGetWhenTheKindCannotBeListed() {
    var owned = cluster.put(deployment("a", "d-ver-1", APP));
    var otherApp = cluster.put(deployment("a", "d-ver-2", "999"));
    cluster.refuseLists = true;
    var live = LiveObjects.read(cluster, atVersions, Map.of(), Set.of(), LABEL, APP);

    assertThat(live.labelled(owned, "apps/v1")).isPresent();
    assertThat(live.labelled(otherApp, "apps/v1")).isEmpty();
    assertThat(cluster.gets).containsExactly(owned, otherApp);
  }

  @Test
  void aKindAtTwoVersionsOfItsGroupIsListedOnceAndEachObjectReadAtItsOwnVersion() {
    cluster.servesEveryVersion = true;
    var keys = new LinkedHashMap<ResourceKey, String>();
    for (var name : List.of("web", "api")) {
      keys.put(cluster.put(served(deployment("a", name, APP), "1")), "apps/v1");
    }
    var old = cluster.put(served(deployment("a", "old", APP), "7"));
    keys.put(old, "apps/v1beta2");

    var first = LiveObjects.read(cluster, atVersions, keys, Set.of(), LABEL, APP).objects();

    assertThat(cluster.lists).containsExactly("apps/v1/Deployment/a");
    assertThat(cluster.gets).as("the object at the other version, once").containsExactly(old);
    assertThat(first).containsOnlyKeys(keys.keySet());
    assertThat(first.get(old).path("apiVersion").asText()).isEqualTo("apps/v1beta2");
    assertThat(first.get(keys.keySet().iterator().next()).path("apiVersion").asText())
        .isEqualTo("apps/v1");

    cluster.gets.clear();
    var again = LiveObjects.read(cluster, atVersions, keys, Set.of(), LABEL, APP).objects();
    assertThat(cluster.gets).as("the same uid and resourceVersion: kept").isEmpty();
    assertThat(again).isEqualTo(first);
    assertThat(cluster.listCalls).isEqualTo(2);

    cluster.objects.get(old).with("metadata").put("resourceVersion", "8"); // an outside edit
    var edited = LiveObjects.read(cluster, atVersions, keys, Set.of(), LABEL, APP).objects();
    assertThat(cluster.gets).containsExactly(old);
    assertThat(edited.get(old).at("/metadata/resourceVersion").asText()).isEqualTo("8");
    assertThat(edited.get(old).path("apiVersion").asText()).isEqualTo("apps/v1beta2");
  }

  @Test
  void versionsWithTheSameFieldsAreTakenFromTheOneListWithoutAGet() {
    cluster.servesEveryVersion = true;
    var keys = new LinkedHashMap<ResourceKey, String>();
    for (var name : List.of("activator", "webhook")) {
      keys.put(cluster.put(served(hpa("autoscaling/v2", name), "1")), "autoscaling/v2");
    }
    var beta = cluster.put(served(hpa("autoscaling/v2beta2", "net-istio"), "1"));
    keys.put(beta, "autoscaling/v2beta2");

    var live = LiveObjects.read(cluster, atVersions, keys, Set.of(), LABEL, APP).objects();

    assertThat(cluster.lists).containsExactly("autoscaling/v2/HorizontalPodAutoscaler/a");
    assertThat(cluster.gets).isEmpty();
    assertThat(live).containsOnlyKeys(keys.keySet());
    assertThat(live.get(beta).path("apiVersion").asText()).isEqualTo("autoscaling/v2beta2");
    assertThat(live.get(beta).at("/metadata/name").asText()).isEqualTo("net-istio");
  }

  private static ObjectNode hpa(String apiVersion, String name) {
    return object(apiVersion, "HorizontalPodAutoscaler", "a", name, APP);
  }

  private static ObjectNode served(ObjectNode object, String resourceVersion) {
    var metadata = object.with("metadata");
    metadata.put("uid", "uid-" + metadata.path("name").asText());
    metadata.put("resourceVersion", resourceVersion);
    return object;
  }

  private static ObjectNode configMap(String namespace, String name, String app) {
    return object("v1", "ConfigMap", namespace, name, app);
  }

  private static ObjectNode deployment(String namespace, String name, String app) {
    return object("apps/v1", "Deployment", namespace, name, app);
  }

  private static ObjectNode object(
      String apiVersion, String kind, String namespace, String name, String app) {
    var object = MAPPER.createObjectNode().put("apiVersion", apiVersion).put("kind", kind);
    var metadata = object.putObject("metadata").put("name", name).put("namespace", namespace);
    if (app != null) {
      metadata.putObject("labels").put(LABEL, app);
    }
    return object;
  }

  /** {@code lists}' labelled lists, made on {@code pool}, each after {@code before} its probe. */
  private static final class OnPool extends Cluster {

    private final Executor pool;
    private final Cluster lists;
    private final Consumer<ResourceKey> before;

    OnPool(Executor pool, Cluster lists, Consumer<ResourceKey> before) {
      this.pool = pool;
      this.lists = lists;
      this.before = before;
    }

    @Override
    public Executor reads() {
      return pool;
    }

    @Override
    public Optional<List<ObjectNode>> labelledObjects(
        ResourceKey probe, String apiVersion, String label, String value) {
      before.accept(probe);
      synchronized (lists) { // the counting cluster is not thread-safe
        return lists.labelledObjects(probe, apiVersion, label, value);
      }
    }
  }

  /** Objects by key; counts the requests. */
  private static class Cluster extends ReadOnlyCluster {

    final Map<ResourceKey, ObjectNode> objects = new LinkedHashMap<>();
    final List<ResourceKey> gets = new ArrayList<>();
    final Set<String> lists = new HashSet<>();
    final List<String> wholeLists = new ArrayList<>();
    int listCalls;
    boolean refuseLists;
    boolean listsWhole;
    boolean refuseWholeLists;
    boolean servesEveryVersion;

    ResourceKey put(ObjectNode object) {
      var apiVersion = object.path("apiVersion").asText();
      var group = apiVersion.contains("/") ? apiVersion.substring(0, apiVersion.indexOf('/')) : "";
      var metadata = object.path("metadata");
      var key =
          new ResourceKey(
              group,
              object.path("kind").asText(),
              metadata.path("namespace").asText(),
              metadata.path("name").asText());
      objects.put(key, object);
      return key;
    }

    @Override
    public Optional<ObjectNode> get(ResourceKey key, String apiVersion) {
      gets.add(key);
      return Optional.ofNullable(objects.get(key)).map(o -> atVersion(o, apiVersion));
    }

    /** As an API server serves an object at any version of its group: as asked, when asked to. */
    private ObjectNode atVersion(ObjectNode object, String apiVersion) {
      return servesEveryVersion ? object.deepCopy().put("apiVersion", apiVersion) : object;
    }

    @Override
    public Optional<List<ObjectNode>> labelledObjects(
        ResourceKey probe, String apiVersion, String label, String value) {
      listCalls++;
      if (refuseLists) {
        throw new ClusterException("list refused", 403, null);
      }
      lists.add(apiVersion + "/" + probe.kind() + "/" + probe.namespace());
      return Optional.of(
          objects.entrySet().stream()
              .filter(e -> e.getKey().kind().equals(probe.kind()))
              .filter(
                  e ->
                      probe.namespace().isEmpty()
                          || e.getKey().namespace().equals(probe.namespace()))
              .map(Map.Entry::getValue)
              .filter(o -> value.equals(o.path("metadata").path("labels").path(label).asText()))
              .map(o -> atVersion(o, apiVersion))
              .toList());
    }

    @Override
    public Optional<List<ObjectNode>> objects(ResourceKey probe, String apiVersion) {
      if (!listsWhole) {
        return Optional.empty();
      }
      wholeLists.add(apiVersion + "/" + probe.kind() + "/" + probe.namespace());
      if (refuseWholeLists) {
        throw new ClusterException("list refused", 403, null);
      }
      return Optional.of(
          objects.entrySet().stream()
              .filter(e -> e.getKey().kind().equals(probe.kind()))
              .filter(e -> e.getKey().namespace().equals(probe.namespace()))
              .map(Map.Entry::getValue)
              .toList());
    }
  }
}
