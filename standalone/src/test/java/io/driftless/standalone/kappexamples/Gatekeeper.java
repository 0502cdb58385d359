package io.driftless.standalone.kappexamples;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * kapp's policy controller example (gatekeeper 3.10.0) and what its controller does: the manifest
 * holds a placeholder CRD with {@code kapp.k14s.io/exists} (no plural, no scope) and a constraint
 * of that kind; on a real cluster gatekeeper's controller creates the CRD once the
 * ConstraintTemplate is applied, and kapp waits for it before creating the constraint.
 */
final class Gatekeeper {

  static final String CRD_NAME = "k8srequiredlabels.constraints.gatekeeper.sh";

  /**
   * The controller's User-Agent. The API server names a write's field manager after it, so the
   * CRD's {@code managedFields} tell the controller's create from Driftless's writes (Driftless's
   * client says {@code driftless/...}).
   */
  static final String CONTROLLER_AGENT = "gatekeeper/v3.10.0";

  final ExampleApp app = ExampleApp.named("gatekeeper");
  final ExampleManifest manifest = app.manifest();
  final CustomResourceDefinition controllersCrd = controllersCrd();

  Gatekeeper() {
    assertThat(manifest.existing())
        .as("the example's exists placeholder")
        .singleElement()
        .matches(r -> r.name().equals(CRD_NAME) && r.kind().equals("CustomResourceDefinition"));
  }

  /** The manifest's CRDs plus the controller's: where every object of the app is served. */
  Map<String, CustomKind> customKinds() {
    var kinds = new LinkedHashMap<>(manifest.customKinds());
    var crd = CustomKind.of(Serialization.jsonMapper().valueToTree(controllersCrd)).orElseThrow();
    kinds.put(crd.groupKind(), crd);
    return kinds;
  }

  /** The ConstraintTemplate the controller turns into the CRD. */
  ExpectedResource template() {
    return one("ConstraintTemplate");
  }

  /** The constraint, a custom resource of the placeholder's kind. */
  ExpectedResource constraint() {
    return one("K8sRequiredLabels");
  }

  /**
   * What gatekeeper's controller does: creates the CRD through the API server, with a client of its
   * own on {@code cluster}'s connection.
   */
  void controllerCreatesCrd(KubernetesClient cluster) {
    var config =
        new ConfigBuilder(cluster.getConfiguration()).withUserAgent(CONTROLLER_AGENT).build();
    try (var controller = new KubernetesClientBuilder().withConfig(config).build()) {
      controller.apiextensions().v1().customResourceDefinitions().resource(controllersCrd).create();
    }
  }

  /** The change of {@code resource} in a deploy answer. */
  JsonNode change(JsonNode response, ExpectedResource resource) {
    for (var change : response.get("changes")) {
      if (KappExampleScenario.key(change, manifest).equals(resource.key())) {
        return change;
      }
    }
    throw new AssertionError("no change for " + resource + " in " + response);
  }

  private ExpectedResource one(String kind) {
    return manifest.resources().stream()
        .filter(r -> r.kind().equals(kind))
        .reduce(
            (a, b) -> {
              throw new IllegalStateException("two " + kind);
            })
        .orElseThrow();
  }

  private static CustomResourceDefinition controllersCrd() {
    try (InputStream in = Gatekeeper.class.getResourceAsStream("k8srequiredlabels-crd.yml")) {
      return Serialization.unmarshal(in, CustomResourceDefinition.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
