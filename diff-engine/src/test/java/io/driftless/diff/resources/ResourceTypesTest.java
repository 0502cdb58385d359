package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.resources.ManifestException.Reason;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 32 point 4: what becomes a part of a cluster request's path is checked. */
class ResourceTypesTest {

  private static final List<String> PATH_CHARACTERS =
      List.of("/", "..", ".", "?", "#", "%2f", "%", " ", "\\", "\u212A");

  @Test
  void realKindsAreKindsAndNoPathCharacterIs() {
    assertThat(List.of("ConfigMap", "Secret", "ClusterRoleBinding", "Wid-get", "X", "Certificate2"))
        .allMatch(ResourceTypes::isKind);
    for (var character : PATH_CHARACTERS) {
      assertThat(ResourceTypes.isKind("Secret" + character + "x")).as(character).isFalse();
      assertThat(ResourceTypes.isKind(character)).as(character).isFalse();
    }
    assertThat(ResourceTypes.isKind("2Fast")).isFalse();
    assertThat(ResourceTypes.isKind("Trailing-")).isFalse();
    assertThat(ResourceTypes.isKind("K".repeat(64))).isFalse();
  }

  @Test
  void apiVersionsAreAVersionOrOneGroupAndAVersion() {
    assertThat(List.of("v1", "apps/v1", "batch/v1beta1", "cert-manager.io/v1", "x.example.com/v2"))
        .allMatch(ResourceTypes::isApiVersion);
    assertThat(
            List.of(
                "",
                "/v1",
                "apps/",
                "apps/v1/x",
                "v1/../../apis",
                "V1",
                "apps/V1",
                "Apps/v1",
                "a?b/v1",
                "v1?watch=true",
                "v1#x",
                "v1%2f..",
                "example.com%2f../v1",
                "a..b/v1"))
        .noneMatch(ResourceTypes::isApiVersion);
  }

  @Test
  void rbacNamesMayNotHoldWhatAPathWouldEscape() {
    assertThat(List.of("system:controller:x", "cert-manager:leaderelection", "a@b", "A_b.c"))
        .allMatch(ResourceTypes::isPathSafeName);
    assertThat(List.of("a?b", "a#b", "a b", "a/b", "a%2fb", ".", "..", "é", ""))
        .noneMatch(ResourceTypes::isPathSafeName);
  }

  @Test
  void theParserRefusesEachBadPartNamingTheDocument() {
    var body =
        """
        apiVersion: v1
        kind: Secret%2f..
        metadata: {name: a}
        ---
        apiVersion: apps/v1/x
        kind: Deployment
        metadata: {name: b}
        ---
        apiVersion: apiextensions.k8s.io/v1
        kind: CustomResourceDefinition
        metadata: {name: widgets.example.com}
        spec:
          group: example.com
          names: {plural: widgets/../secrets, kind: Widget}
        """;
    try {
      ManifestParser.parseYaml(body, "default");
      throw new AssertionError("not refused");
    } catch (ManifestException e) {
      assertThat(e.reason()).isEqualTo(Reason.INVALID);
      assertThat(e.details())
          .containsExactly(
              "document 1: kind \"Secret%2f..\" is not valid; it must be "
                  + ResourceTypes.KIND_RULE,
              "document 2: apiVersion \"apps/v1/x\" is not valid; it must be "
                  + ResourceTypes.API_VERSION_RULE,
              "document 3: spec.names.plural \"widgets/../secrets\" is not valid; it must be "
                  + ResourceTypes.PLURAL_RULE);
    }
  }
}
