package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.driftless.diff.resources.ManifestException.Reason;
import org.junit.jupiter.api.Test;

/**
 * Annotation values kapp refuses ({@code app/preparation.go} for the nonce, {@code clusterapply}'s
 * strategies) are refused when parsing, before anything is written; and kapp's {@code
 * UniqueResources}: identical duplicates count once.
 */
class KappAnnotationValuesTest {

  private static Manifest parse(String yaml) {
    return ManifestParser.parseYaml(yaml, "default");
  }

  private static String configMap(String annotation, String value) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations:\n    "
        + annotation
        + ": "
        + value
        + "\n";
  }

  @Test
  void refusesANonceWithAValueAsKappDoes() {
    assertThatThrownBy(() -> parse(configMap(KappAnnotations.NONCE, "\"123\"")))
        .isInstanceOfSatisfying(
            ManifestException.class,
            e -> {
              assertThat(e.reason()).isEqualTo(Reason.INVALID);
              assertThat(e.details())
                  .containsExactly(
                      "document 1: Expected annotation 'kapp.k14s.io/nonce' on resource"
                          + " 'configmap/c (v1) namespace: default' to have value ''");
            });
  }

  @Test
  void acceptsAnEmptyNonce() {
    assertThat(parse(configMap(KappAnnotations.NONCE, "\"\"")).resources()).hasSize(1);
  }

  @Test
  void refusesAnUnknownUpdateStrategy() {
    assertThatThrownBy(() -> parse(configMap(KappAnnotations.UPDATE_STRATEGY, "replace")))
        .isInstanceOfSatisfying(
            ManifestException.class,
            e ->
                assertThat(e.details())
                    .containsExactly(
                        "document 1: Expected annotation 'kapp.k14s.io/update-strategy' on"
                            + " resource 'configmap/c (v1) namespace: default' to be one of '',"
                            + " 'fallback-on-replace', 'always-replace', 'skip', got 'replace'"));
  }

  @Test
  void acceptsEveryStrategyKappKnows() {
    for (String value : new String[] {"fallback-on-update", "fallback-on-update-or-noop"}) {
      assertThat(parse(configMap(KappAnnotations.CREATE_STRATEGY, value)).resources()).hasSize(1);
    }
    for (String value : new String[] {"fallback-on-replace", "always-replace", "skip"}) {
      assertThat(parse(configMap(KappAnnotations.UPDATE_STRATEGY, value)).resources()).hasSize(1);
    }
    assertThat(parse(configMap(KappAnnotations.DELETE_STRATEGY, "orphan")).resources()).hasSize(1);
  }

  @Test
  void refusesAnUnknownCreateOrDeleteStrategy() {
    assertThatThrownBy(() -> parse(configMap(KappAnnotations.CREATE_STRATEGY, "upsert")))
        .isInstanceOf(ManifestException.class)
        .hasMessageContaining("1 problem");
    assertThatThrownBy(() -> parse(configMap(KappAnnotations.DELETE_STRATEGY, "keep")))
        .isInstanceOf(ManifestException.class);
  }

  @Test
  void countsIdenticalDuplicateDocumentsOnce() {
    var document = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n";

    var manifest = parse(document + "---\n" + document + "---\n" + document);

    assertThat(manifest.resources())
        .singleElement()
        .satisfies(r -> assertThat(r.key().name()).isEqualTo("c"));
  }
}
