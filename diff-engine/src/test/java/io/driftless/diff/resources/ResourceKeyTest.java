package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResourceKeyTest {

  @Test
  void rendersCoreForTheEmptyGroupAndUnderscoreForNoNamespace() {
    assertThat(new ResourceKey("apps", "Deployment", "default", "simple-app").id())
        .isEqualTo("apps/Deployment/default/simple-app");
    assertThat(new ResourceKey("", "Namespace", "", "foo").id()).isEqualTo("core/Namespace/_/foo");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "apps/Deployment/default/simple-app",
        "core/Namespace/_/foo",
        "core/ConfigMap/kube-system/c",
        "rbac.authorization.k8s.io/Role/kube-system/cert-manager:leaderelection",
        "cert-manager.io/ClusterIssuer/_/letsencrypt"
      })
  void parseIdInvertsId(String id) {
    assertThat(ResourceKey.parseId(id).id()).isEqualTo(id);
  }

  @Test
  void parseIdRestoresTheEmptyGroupAndNamespace() {
    assertThat(ResourceKey.parseId("core/Namespace/_/foo"))
        .isEqualTo(new ResourceKey("", "Namespace", "", "foo"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "core/Namespace/foo", "a/b/c/d/e", "apps//default/x", "apps/D/ns/"})
  void parseIdRefusesIdsWithoutFourParts(String id) {
    assertThatThrownBy(() -> ResourceKey.parseId(id)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void ofReadsGroupKindNamespaceAndName() {
    var deployment =
        YamlTrees.readObject(
            """
            apiVersion: apps/v1
            kind: Deployment
            metadata: {name: web, namespace: shop}
            """);
    var namespace = YamlTrees.readObject("apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}");

    assertThat(ResourceKey.of(deployment))
        .isEqualTo(new ResourceKey("apps", "Deployment", "shop", "web"));
    assertThat(ResourceKey.of(namespace)).isEqualTo(new ResourceKey("", "Namespace", "", "shop"));
  }

  @Test
  void ofRefusesObjectsWithoutName() {
    var object = YamlTrees.readObject("apiVersion: v1\nkind: ConfigMap\nmetadata: {}");

    assertThatThrownBy(() -> ResourceKey.of(object)).isInstanceOf(IllegalArgumentException.class);
  }
}
