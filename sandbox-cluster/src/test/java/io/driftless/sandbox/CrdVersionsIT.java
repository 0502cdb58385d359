package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.sandbox.controllers.Controller;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every CRD is served at both versions of {@code apiextensions.k8s.io}, whichever it was created
 * with, converted as the API server converts it (issue 25, point 3: CRDs created as {@code v1beta1}
 * were missing from {@code v1} reads).
 */
class CrdVersionsIT {

  private static final String V1 = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  private static final String V1BETA1 =
      "/apis/apiextensions.k8s.io/v1beta1/customresourcedefinitions";

  // As cf-for-k8s v0.2.0 writes them: spec.version alone, top-level validation and subresources.
  private static final String OLD =
      """
      apiVersion: apiextensions.k8s.io/v1beta1
      kind: CustomResourceDefinition
      metadata:
        name: images.old.example.com
      spec:
        group: old.example.com
        version: v1alpha1
        scope: Namespaced
        names:
          kind: Image
          plural: images
        subresources:
          status: {}
        additionalPrinterColumns:
        - name: Ready
          type: string
          JSONPath: .status.ready
        validation:
          openAPIV3Schema:
            type: object
      """;

  private static final String NEW =
      """
      apiVersion: apiextensions.k8s.io/v1
      kind: CustomResourceDefinition
      metadata:
        name: builds.new.example.com
      spec:
        group: new.example.com
        scope: Cluster
        names:
          kind: Build
          plural: builds
        versions:
        - name: v1
          served: true
          storage: true
          schema:
            openAPIV3Schema:
              type: object
      """;

  @TempDir Path dir;

  private SandboxFixture cluster;

  @BeforeEach
  void start() {
    cluster = SandboxFixture.start(dir, Controller.defaults());
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void aCrdCreatedAsV1beta1IsReadAtV1AsTheApiServerConvertsIt() {
    cluster.create(OLD);

    var crd = cluster.get(V1 + "/images.old.example.com");

    assertThat(crd.path("apiVersion").asText()).isEqualTo("apiextensions.k8s.io/v1");
    var spec = crd.path("spec");
    assertThat(spec.has("version")).isFalse();
    assertThat(spec.has("validation")).isFalse();
    assertThat(spec.path("names").path("plural").asText()).isEqualTo("images");
    assertThat(spec.path("scope").asText()).isEqualTo("Namespaced");
    var version = spec.path("versions").path(0);
    assertThat(version.path("name").asText()).isEqualTo("v1alpha1");
    assertThat(version.path("served").asBoolean()).isTrue();
    assertThat(version.path("storage").asBoolean()).isTrue();
    assertThat(version.at("/schema/openAPIV3Schema/type").asText()).isEqualTo("object");
    assertThat(version.at("/subresources/status").isObject()).isTrue();
    assertThat(version.at("/additionalPrinterColumns/0/jsonPath").asText())
        .isEqualTo(".status.ready");
    assertThat(crd.at("/status/conditions").isArray()).as("established as stored").isTrue();
  }

  @Test
  void aCrdCreatedAsV1IsReadAtV1beta1WithItsVersion() {
    cluster.create(NEW);

    var crd = cluster.get(V1BETA1 + "/builds.new.example.com");

    assertThat(crd.path("apiVersion").asText()).isEqualTo("apiextensions.k8s.io/v1beta1");
    assertThat(crd.at("/spec/version").asText()).isEqualTo("v1");
    assertThat(crd.at("/spec/names/kind").asText()).isEqualTo("Build");
  }

  @Test
  void eitherVersionListsEveryCrdOnceInItsOwnForm() {
    cluster.create(OLD);
    cluster.create(NEW);

    for (var path : List.of(V1, V1BETA1)) {
      var items = cluster.get(path).path("items");
      var names = new ArrayList<String>();
      for (JsonNode item : items) {
        names.add(item.at("/metadata/name").asText());
        assertThat(item.path("apiVersion").asText())
            .isEqualTo(path.split("/")[2] + "/" + path.split("/")[3]);
      }
      assertThat(names)
          .as(path)
          .containsExactlyInAnyOrder("images.old.example.com", "builds.new.example.com");
    }
  }

  @Test
  void everyV1beta1CrdOfCfForK8sIsListedAtV1WithItsKindPluralAndVersions() throws Exception {
    List<HasMetadata> crds;
    try (var in = Files.newInputStream(Path.of("..", "examples", "cf-for-k8s-v0.2.0.yml"))) {
      crds =
          cluster.client.load(in).items().stream()
              .filter(item -> item.getKind().equals("CustomResourceDefinition"))
              .toList();
    }
    assertThat(crds).hasSize(37).allMatch(crd -> crd.getApiVersion().endsWith("/v1beta1"));
    crds.forEach(crd -> cluster.client.resource(crd).create());

    var listed = new HashMap<String, JsonNode>();
    cluster.get(V1).path("items").forEach(i -> listed.put(i.at("/metadata/name").asText(), i));

    assertThat(listed).hasSize(37);
    for (var crd : crds) {
      var spec = listed.get(crd.getMetadata().getName()).path("spec");
      assertThat(spec.at("/names/kind").asText()).as(crd.getMetadata().getName()).isNotBlank();
      assertThat(spec.at("/names/plural").asText()).isNotBlank();
      assertThat(spec.path("versions").path(0).path("name").asText()).isNotBlank();
      assertThat(spec.has("version")).isFalse();
    }
  }

  @Test
  void aCrdCreatedAsV1beta1IsDeletedAtV1() {
    cluster.create(OLD);

    cluster.client.raw(V1 + "/images.old.example.com", "DELETE", null);

    assertThat(cluster.client.raw(V1 + "/images.old.example.com")).isNull();
    assertThat(cluster.client.raw(V1BETA1 + "/images.old.example.com")).isNull();
    assertThat(cluster.get(V1BETA1).path("items")).isEmpty();
  }
}
