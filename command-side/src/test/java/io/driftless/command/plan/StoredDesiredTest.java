package io.driftless.command.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.resource.ResourceState;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.YamlTrees;
import io.driftless.events.ResourceRef;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The desired set a reconcile rebuilds from last-applied objects is the manifest again: a versioned
 * resource under its own name with its newest version's content, and every reference the last
 * change rewrote to a version turned back into that name (issue 25 point 1).
 */
class StoredDesiredTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Map<ResourceKey, ResourceState> recorded = new LinkedHashMap<>();

  private ResourceKey record(String yaml) {
    ObjectNode object = YamlTrees.readObject(yaml);
    var name = object.path("metadata").path("name").asText();
    var apiVersion = object.path("apiVersion").asText();
    var kind = object.path("kind").asText();
    var key = new ResourceKey(ResourceKey.groupOf(apiVersion), kind, "default", name);
    @SuppressWarnings("unchecked")
    Map<String, Object> lastApplied = JSON.convertValue(object, Map.class);
    recorded.put(
        key,
        new ResourceState(
            new ResourceRef(apiVersion, kind, "default", name), lastApplied, "1", 1, null));
    return key;
  }

  private static String version(int number, String greeting) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: conf-ver-"
        + number
        + "\n  namespace: default\n  annotations:\n    kapp.k14s.io/versioned: \"\"\n"
        + "data:\n  greeting: "
        + greeting
        + "\n";
  }

  private static String deployment(String volume, String explicitRef) {
    return "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\n"
        + "  annotations:\n    kapp.k14s.io/versioned-explicit-ref: |\n"
        + "      apiVersion: v1\n      kind: ConfigMap\n      name: "
        + explicitRef
        + "\nspec:\n  template:\n    spec:\n      containers:\n      - name: web\n"
        + "        image: nginx\n        envFrom:\n        - configMapRef:\n            name: "
        + volume
        + "\n      volumes:\n      - name: conf\n        configMap:\n          name: "
        + volume
        + "\n";
  }

  private StoredDesired stored() {
    return StoredDesired.of(
        new LinkedHashSet<>(recorded.keySet()), recorded, (key, state) -> Optional.empty());
  }

  private static Resource named(List<Resource> resources, String name) {
    return resources.stream().filter(r -> r.key().name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void referencesToVersionsAreTurnedBackIntoTheResourcesOwnName() {
    record(version(1, "edited"));
    record(version(2, "hello"));
    record(deployment("conf-ver-2", "conf-ver-2"));

    var resources = stored().resources();

    assertThat(resources).extracting(r -> r.key().name()).containsExactly("web", "conf");
    assertThat(named(resources, "conf").object().at("/data/greeting").asText()).isEqualTo("hello");
    var web = named(resources, "web").object();
    assertThat(web.at("/spec/template/spec/volumes/0/configMap/name").asText()).isEqualTo("conf");
    assertThat(web.at("/spec/template/spec/containers/0/envFrom/0/configMapRef/name").asText())
        .isEqualTo("conf");
    assertThat(web.at("/metadata/annotations").toString()).contains("name: conf\\n");
  }

  @Test
  void referencesToOtherNamesThatLookLikeVersionsStayAsTheyAre() {
    record(deployment("plain-ver-1", "plain-ver-1"));
    record(
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain-ver-1\n  namespace: default\n"
            + "data:\n  a: b\n");

    var web = named(stored().resources(), "web").object();

    assertThat(web.at("/spec/template/spec/volumes/0/configMap/name").asText())
        .isEqualTo("plain-ver-1");
  }
}
