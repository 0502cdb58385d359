package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.Fixtures;
import org.junit.jupiter.api.Test;

class NamespaceDefaultingTest {

  private final Manifest manifest =
      new ManifestParser(ManifestLimits.defaults())
          .parse(Fixtures.text("resources/namespaces.yaml"), ManifestFormat.YAML, "team-a");

  private Resource resource(int index) {
    return manifest.resources().get(index);
  }

  @Test
  void writesTheDefaultNamespaceIntoNamespacedObjectsWithoutOne() {
    assertThat(resource(0).key().namespace()).isEqualTo("team-a");
    assertThat(resource(0).object().at("/metadata/namespace").textValue()).isEqualTo("team-a");
  }

  @Test
  void treatsAnEmptyNamespaceAsNone() {
    assertThat(resource(1).key().namespace()).isEqualTo("team-a");
  }

  @Test
  void keepsAnExplicitNamespace() {
    assertThat(resource(2).key().namespace()).isEqualTo("team-b");
    assertThat(resource(2).object().at("/metadata/namespace").textValue()).isEqualTo("team-b");
  }

  @Test
  void removesAnyNamespaceFromClusterScopedKinds() {
    assertThat(resource(3).key())
        .isEqualTo(new ResourceKey("rbac.authorization.k8s.io", "ClusterRole", "", "reader"));
    assertThat(resource(3).object().path("metadata").has("namespace")).isFalse();
    assertThat(resource(4).key().id()).isEqualTo("core/Namespace/_/team-b");
  }

  @Test
  void listsTheNamespacesResourcesLiveIn() {
    assertThat(manifest.namespaces()).containsExactly("team-a", "team-b");
  }
}
