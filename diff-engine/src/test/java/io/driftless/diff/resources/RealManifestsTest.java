package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The kapp example manifests (real input nobody here wrote) parse with the right counts. */
class RealManifestsTest {

  @ParameterizedTest
  @CsvSource({
    "simple-app-v1.yml, 2",
    "simple-app-v2.yml, 3",
    "redis-with-configmap.yml, 2",
    "guestbook.yml, 6",
    "cert-manager-v1.6.1.yml, 45"
  })
  void parsesEveryResource(String file, int resources) {
    var manifest = Fixtures.manifest("manifests/" + file);

    assertThat(manifest.resources()).hasSize(resources);
    assertThat(manifest.configs()).isEmpty();
  }

  @Test
  void cfForK8sHoldsTwoHundredFiftyFourResourcesAndTwoKappConfigs() {
    // 256 documents: 254 resources plus the kapp Config documents kapp-version and kapp-config.
    var manifest = Fixtures.manifest("manifests/cf-for-k8s-v0.2.0.yml");

    assertThat(manifest.resources()).hasSize(254);
    assertThat(manifest.configs())
        .extracting(config -> config.at("/metadata/name").textValue())
        .containsExactly("kapp-version", "kapp-config");
  }

  @Test
  void cfForK8sNeedsNoDefaultNamespaceBecauseItsCrdsDeclareTheClusterScopedKinds() {
    var manifest =
        new ManifestParser(ManifestLimits.defaults())
            .parse(
                Fixtures.text("manifests/cf-for-k8s-v0.2.0.yml"), ManifestFormat.YAML, "not-used");

    assertThat(manifest.namespaces()).doesNotContain("not-used").hasSize(8);
    assertThat(ids(manifest))
        .contains(
            "experimental.kpack.pivotal.io/Store/_/cf-buildpack-store",
            "metacontroller.k8s.io/CompositeController/_/cfroutesync",
            "authentication.istio.io/MeshPolicy/_/default",
            // two ClusterRoles of cf-for-k8s name a namespace; it is dropped
            "rbac.authorization.k8s.io/ClusterRole/_/metric-proxy");
    assertThat(clusterScoped(manifest)).isEqualTo(84);
  }

  @Test
  void certManagerKeepsRbacNamesWithColonsAndNamespacesItsObjects() {
    var manifest = Fixtures.manifest("manifests/cert-manager-v1.6.1.yml");

    assertThat(ids(manifest))
        .contains(
            "rbac.authorization.k8s.io/Role/kube-system/cert-manager-cainjector:leaderelection");
    assertThat(manifest.namespaces()).containsExactly("cert-manager", "kube-system");
    assertThat(clusterScoped(manifest)).isEqualTo(31);
  }

  private static List<String> ids(Manifest manifest) {
    return manifest.resources().stream().map(r -> r.key().id()).toList();
  }

  private static long clusterScoped(Manifest manifest) {
    return manifest.resources().stream().filter(r -> r.key().clusterScoped()).count();
  }
}
