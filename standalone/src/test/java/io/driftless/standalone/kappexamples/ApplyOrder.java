package io.driftless.standalone.kappexamples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * kapp's default ordering rules that hold for every example, checked on a deploy answer's {@code
 * changes} (apply order): a Namespace is created before the objects in it, a CRD before the custom
 * resources of its kind (kapp's {@code DefaultChangeGroups}: namespaces and CRDs first).
 */
final class ApplyOrder {

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

  /** The Namespace it lives in and the CRD of its kind, when the manifest has them. */
  private static List<ExpectedResource> prerequisites(
      ExpectedResource resource, ExampleManifest manifest) {
    return manifest.resources().stream()
        .filter(
            other ->
                (other.kind().equals("Namespace") && other.name().equals(resource.namespace()))
                    || definesKind(other, resource))
        .toList();
  }

  private static boolean definesKind(ExpectedResource crd, ExpectedResource resource) {
    var spec = crd.object().path("spec");
    return crd.kind().equals("CustomResourceDefinition")
        && spec.path("group").asText().equals(resource.group())
        && spec.path("names").path("kind").asText().equals(resource.kind());
  }
}
