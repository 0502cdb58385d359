package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.plan.DiffEngine;
import io.driftless.diff.plan.PlanInput;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * A cluster-scoped object that names a namespace is stored by an API server without it; the parser
 * drops it the same way, so planning it against what the cluster holds shows no diff. Objects from
 * cert-manager v1.6.1: a CRD, a ClusterRole, the Namespace, and a ClusterIssuer (a kind its CRD
 * declares cluster-scoped).
 */
class ClusterScopedNamespaceTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private final ManifestParser parser = new ManifestParser(ManifestLimits.defaults());

  private static List<ObjectNode> realObjects() {
    var all = YamlTrees.readAll(Fixtures.text("manifests/cert-manager-v1.6.1.yml"));
    var picked = new ArrayList<ObjectNode>();
    for (Predicate<ObjectNode> wanted :
        List.<Predicate<ObjectNode>>of(
            o -> o.at("/metadata/name").asText().equals("clusterissuers.cert-manager.io"),
            o -> o.path("kind").asText().equals("ClusterRole"),
            o -> o.path("kind").asText().equals("Namespace"))) {
      all.stream()
          .filter(ObjectNode.class::isInstance)
          .map(ObjectNode.class::cast)
          .filter(wanted)
          .findFirst()
          .ifPresent(o -> picked.add(o.deepCopy()));
    }
    picked.add(
        (ObjectNode)
            YamlTrees.readObject(
                "apiVersion: cert-manager.io/v1\nkind: ClusterIssuer\n"
                    + "metadata: {name: self-signed}\nspec: {selfSigned: {}}\n"));
    return picked;
  }

  private Manifest parse(List<ObjectNode> objects) throws Exception {
    var body = JSON.createObjectNode();
    body.putArray("resources").addAll(objects);
    return parser.parse(JSON.writeValueAsString(body), ManifestFormat.JSON, "default");
  }

  private static List<ObjectNode> withNamespace(List<ObjectNode> objects, String namespace) {
    var copies = new ArrayList<ObjectNode>();
    for (ObjectNode object : objects) {
      var copy = object.deepCopy();
      copy.with("metadata").put("namespace", namespace);
      copies.add(copy);
    }
    return copies;
  }

  @Test
  void dropsTheNamespaceOfRealClusterScopedObjects() throws Exception {
    var objects = realObjects();

    var manifest = parse(withNamespace(objects, "team-a"));

    assertThat(manifest.resources())
        .extracting(r -> r.key().id())
        .containsExactly(
            "apiextensions.k8s.io/CustomResourceDefinition/_/clusterissuers.cert-manager.io",
            "rbac.authorization.k8s.io/ClusterRole/_/cert-manager-cainjector",
            "core/Namespace/_/cert-manager",
            "cert-manager.io/ClusterIssuer/_/self-signed");
    assertThat(manifest.resources())
        .extracting(Resource::object)
        .isEqualTo(parse(objects).resources().stream().map(Resource::object).toList());
    assertThat(manifest.namespaces()).isEmpty();
  }

  @Test
  void dropsANamespaceThatIsNoValidNameUncheckedAsTheApiServerDoes() throws Exception {
    var manifest = parse(withNamespace(realObjects(), "Not_A_Namespace"));

    assertThat(manifest.resources()).allSatisfy(r -> assertThat(r.key().clusterScoped()).isTrue());
    assertThat(manifest.resources())
        .allSatisfy(r -> assertThat(r.object().path("metadata").has("namespace")).isFalse());
  }

  @Test
  void planShowsNoDiffAgainstWhatTheClusterStored() throws Exception {
    var stored = new LinkedHashMap<ResourceKey, ObjectNode>();
    for (Resource resource : parse(realObjects()).resources()) {
      var live = resource.object().deepCopy();
      live.with("metadata").put("uid", "u-" + stored.size()).put("resourceVersion", "7");
      stored.put(resource.key(), live);
    }
    var desired = parse(withNamespace(realObjects(), "team-a"));

    var plan =
        new DiffEngine().plan(new PlanInput(desired.resources(), stored, stored, stored.keySet()));

    assertThat(plan.shown()).isEmpty();
    assertThat(plan.changes()).hasSize(4);
  }

  @Test
  void stillRefusesANamespaceThatIsNotAString() {
    var body =
        "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\n"
            + "metadata: {name: reader, namespace: [a, b]}\n";

    try {
      parser.parse(body, ManifestFormat.YAML, "default");
      throw new AssertionError("accepted");
    } catch (ManifestException e) {
      assertThat(e.details()).containsExactly("document 1: metadata.namespace must be a string");
    }
  }
}
