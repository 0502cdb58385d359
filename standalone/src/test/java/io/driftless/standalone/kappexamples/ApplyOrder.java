package io.driftless.standalone.kappexamples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * kapp's ordering, checked on a deploy answer's {@code changes} (apply order): a Namespace is
 * created before the objects in it, a CRD before the custom resources of its kind (kapp's default
 * change rules: namespaces and CRDs first), and a resource annotated {@code
 * kapp.k14s.io/change-rule: upsert after upserting <group>} after every resource of that {@code
 * kapp.k14s.io/change-group} (gatekeeper's and pinniped's annotations). Other rule forms are not
 * used by the examples; the check refuses them rather than skip them.
 */
final class ApplyOrder {

  private static final String CHANGE_GROUP = "kapp.k14s.io/change-group";
  private static final String CHANGE_RULE = "kapp.k14s.io/change-rule";
  private static final String UPSERT_AFTER = "upsert after upserting ";

  private ApplyOrder() {}

  static void assertKappOrder(JsonNode changes, ExampleManifest manifest) {
    var order = new ArrayList<String>();
    changes.forEach(c -> order.add(KappExampleScenario.key(c, manifest)));
    for (var resource : manifest.resources()) {
      for (var before : prerequisites(resource, manifest)) {
        assertThat(order.indexOf(before.key()))
            .as(before + " applied before " + resource)
            .isNotNegative()
            .isLessThan(order.indexOf(resource.key()));
      }
    }
  }

  /**
   * The Namespace it lives in, the CRD of its kind and the members of the groups its change rules
   * name, when the manifest has them.
   */
  private static List<ExpectedResource> prerequisites(
      ExpectedResource resource, ExampleManifest manifest) {
    var groups = upsertedAfter(resource);
    return manifest.resources().stream()
        .filter(
            other ->
                (other.kind().equals("Namespace") && other.name().equals(resource.namespace()))
                    || definesKind(other, resource)
                    || annotations(other, CHANGE_GROUP).stream().anyMatch(groups::contains))
        .toList();
  }

  /** The groups of its {@code upsert after upserting <group>} rules. */
  private static List<String> upsertedAfter(ExpectedResource resource) {
    var groups = new ArrayList<String>();
    for (var rule : annotations(resource, CHANGE_RULE)) {
      if (!rule.startsWith(UPSERT_AFTER)) {
        throw new IllegalStateException("the test does not know the rule '" + rule + "'");
      }
      groups.add(rule.substring(UPSERT_AFTER.length()).trim());
    }
    return groups;
  }

  /** The values of the annotations whose keys start with {@code prefix} (kapp allows several). */
  private static List<String> annotations(ExpectedResource resource, String prefix) {
    var values = new ArrayList<String>();
    resource
        .object()
        .path("metadata")
        .path("annotations")
        .properties()
        .forEach(
            e -> {
              if (e.getKey().startsWith(prefix)) {
                values.add(e.getValue().asText());
              }
            });
    return values;
  }

  private static boolean definesKind(ExpectedResource crd, ExpectedResource resource) {
    var spec = crd.object().path("spec");
    return crd.kind().equals("CustomResourceDefinition")
        && spec.path("group").asText().equals(resource.group())
        && spec.path("names").path("kind").asText().equals(resource.kind());
  }
}
