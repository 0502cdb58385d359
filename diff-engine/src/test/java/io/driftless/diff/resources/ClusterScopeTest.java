package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClusterScopeTest {

  @ParameterizedTest
  @CsvSource({
    "v1, Namespace",
    "v1, PersistentVolume",
    "rbac.authorization.k8s.io/v1, ClusterRole",
    "rbac.authorization.k8s.io/v1, ClusterRoleBinding",
    "apiextensions.k8s.io/v1, CustomResourceDefinition",
    "apiextensions.k8s.io/v1beta1, CustomResourceDefinition",
    "storage.k8s.io/v1, StorageClass",
    "scheduling.k8s.io/v1, PriorityClass",
    "policy/v1beta1, PodSecurityPolicy",
    "extensions/v1beta1, PodSecurityPolicy",
    "admissionregistration.k8s.io/v1, ValidatingWebhookConfiguration",
    "apiregistration.k8s.io/v1, APIService"
  })
  void knowsBuiltInClusterScopedKinds(String apiVersion, String kind) {
    assertThat(ClusterScope.isClusterScoped(apiVersion, kind)).isTrue();
  }

  @ParameterizedTest
  @CsvSource({
    "apps/v1, Deployment",
    "v1, ConfigMap",
    "v1, Service",
    "rbac.authorization.k8s.io/v1, Role",
    "example.com/v1, Namespace",
    "cert-manager.io/v1, ClusterIssuer"
  })
  void treatsOtherKindsAsNamespacedMatchingOnGroupAndKind(String apiVersion, String kind) {
    assertThat(ClusterScope.isClusterScoped(apiVersion, kind)).isFalse();
  }

  @Test
  void addsKindsThatClusterScopedCrdsDeclare() {
    var objects =
        List.of(
            Fixtures.object("resources/crd-cluster.yaml"),
            Fixtures.object("resources/crd-namespaced.yaml"));

    var scope = ClusterScope.declaredBy(objects);

    assertThat(scope.covers("example.com/v1", "ClusterWidget")).isTrue();
    assertThat(scope.covers("other.example.com/v1", "ClusterWidget")).isFalse();
    assertThat(scope.covers("example.com/v1", "Widget")).isFalse();
    assertThat(scope.covers("v1", "Namespace")).isTrue();
    assertThat(scope.declaredKinds())
        .containsExactly(new GroupKind("example.com", "ClusterWidget"));
    assertThat(ClusterScope.builtIn().covers("example.com/v1", "ClusterWidget")).isFalse();
  }

  @Test
  void parserRemovesNamespacesFromKindsItsCrdsDeclareClusterScoped() {
    var manifest = Fixtures.manifest("resources/custom-kinds.yaml");

    assertThat(manifest.resources().stream().map(r -> r.key().id()))
        .containsExactly(
            "example.com/ClusterWidget/_/global",
            "example.com/Widget/default/local",
            "apiextensions.k8s.io/CustomResourceDefinition/_/clusterwidgets.example.com",
            "apiextensions.k8s.io/CustomResourceDefinition/_/widgets.example.com");
    assertThat(manifest.resources().get(0).object().path("metadata").has("namespace")).isFalse();
    assertThat(manifest.resources().get(1).object().at("/metadata/namespace").textValue())
        .isEqualTo("default");
  }
}
