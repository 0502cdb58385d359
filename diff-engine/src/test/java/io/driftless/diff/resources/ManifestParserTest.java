package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;

class ManifestParserTest {

  private final ManifestParser parser = new ManifestParser(ManifestLimits.defaults());

  private Manifest yaml(String body) {
    return parser.parse(body, ManifestFormat.YAML, "default");
  }

  private static List<String> ids(Manifest manifest) {
    return manifest.resources().stream().map(r -> r.key().id()).toList();
  }

  @Test
  void readsEveryDocumentInManifestOrder() {
    var manifest = yaml(Fixtures.text("manifests/simple-app-v2.yml"));

    assertThat(ids(manifest))
        .containsExactly(
            "core/Service/default/simple-app-node",
            "apps/Deployment/default/simple-app",
            "core/ConfigMap/default/simple-app");
    assertThat(manifest.resources().get(1).apiVersion()).isEqualTo("apps/v1");
  }

  @Test
  void skipsEmptyAndNullDocuments() {
    var manifest = yaml(Fixtures.text("resources/empty-documents.yaml"));

    assertThat(ids(manifest))
        .containsExactly("core/ConfigMap/default/a", "core/ConfigMap/default/b");
  }

  @Test
  void readsAnEmptyBodyAsAManifestWithoutResources() {
    assertThat(yaml("").resources()).isEmpty();
    assertThat(yaml("---\n# nothing\n").resources()).isEmpty();
  }

  @Test
  void expandsListDocumentsIntoTheirItems() {
    var manifest = yaml(Fixtures.text("resources/list-documents.yaml"));

    assertThat(ids(manifest))
        .containsExactly(
            "core/ConfigMap/default/first",
            "core/ConfigMap/default/second",
            "core/Secret/default/third",
            "apps/Deployment/default/last");
  }

  @Test
  void keepsKappConfigDocumentsApartFromResources() {
    var manifest = yaml(Fixtures.text("resources/with-kapp-config.yaml"));

    assertThat(ids(manifest)).containsExactly("core/ConfigMap/default/app-config");
    assertThat(manifest.configs()).hasSize(1);
    assertThat(manifest.configs().get(0).path("rebaseRules").isArray()).isTrue();
  }

  @Test
  void readsJsonBodies() {
    var manifest =
        parser.parse(Fixtures.text("resources/body.json"), ManifestFormat.JSON, "default");

    assertThat(ids(manifest))
        .containsExactly("core/ConfigMap/default/from-json", "apps/Deployment/prod/web");
    assertThat(manifest.resources().get(1).object().at("/spec/replicas").intValue()).isEqualTo(3);
  }

  @Test
  void keepsTimestampsAsStringsAndReadsScalarsAsJsonTypes() {
    var object = yaml(Fixtures.text("resources/scalars.yaml")).resources().get(0).object();

    assertThat(object.at("/metadata/annotations/deployed-at").isTextual()).isTrue();
    assertThat(object.at("/metadata/annotations/deployed-at").textValue())
        .isEqualTo("2026-11-01T10:00:00Z");
    assertThat(object.at("/spec/day").textValue()).isEqualTo("2026-11-01");
    assertThat(object.at("/spec/replicas").isInt()).isTrue();
    assertThat(object.at("/spec/big").isLong()).isTrue();
    assertThat(object.at("/spec/ratio").isDouble()).isTrue();
    assertThat(object.at("/spec/paused").isBoolean()).isTrue();
    assertThat(object.at("/spec/nothing").isNull()).isTrue();
    assertThat(object.at("/spec/quoted").textValue()).isEqualTo("8080");
    assertThat(object.at("/spec/ports/0/port").intValue()).isEqualTo(80);
  }

  @Test
  void parsesBodiesOfTenMebibytesInOneDocument() {
    var body = new StringBuilder("apiVersion: v1\nkind: List\nitems:\n");
    String value = "x".repeat(5_000);
    int count = 0;
    while (body.length() < 10 * 1024 * 1024) {
      body.append("- apiVersion: v1\n  kind: ConfigMap\n  metadata: {name: c")
          .append(count++)
          .append("}\n  data: {v: ")
          .append(value)
          .append("}\n");
    }

    assertThat(yaml(body.toString()).resources()).hasSize(count);
  }

  @Test
  void acceptsRbacNamesThatAreOnlyPathSegments() {
    var manifest = yaml(Fixtures.text("resources/rbac-names.yaml"));

    assertThat(ids(manifest))
        .containsExactly(
            "rbac.authorization.k8s.io/Role/kube-system/cert-manager-cainjector:leaderelection",
            "rbac.authorization.k8s.io/ClusterRole/_/system:Cert_Manager");
  }
}
