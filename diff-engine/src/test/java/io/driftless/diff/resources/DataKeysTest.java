package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.resources.ManifestException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Issue 32 point 6: ConfigMap and Secret data keys as the API server checks them. */
class DataKeysTest {

  private final ManifestParser parser = new ManifestParser(ManifestLimits.defaults());

  private static String configMap(String fields) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\n  namespace: team-a\n"
        + fields;
  }

  private ManifestException refused(String body) {
    try {
      parser.parse(body, ManifestFormat.YAML, "default");
    } catch (ManifestException e) {
      return e;
    }
    throw new AssertionError("accepted");
  }

  @Test
  void refusesAConfigMapKeyWithMarkupNamingTheDocumentAndKey() {
    var error = refused(configMap("data:\n  ok: fine\n  'k<img src=x onerror=alert(1)>': v\n"));

    assertThat(error.reason()).isEqualTo(Reason.INVALID);
    assertThat(error.details())
        .containsExactly(
            "document 1: ConfigMap web (namespace team-a): data key \"k<img src=x"
                + " onerror=alert(1)>\" is not a valid key: a valid key must consist of"
                + " alphanumeric characters, '-', '_' or '.'");
  }

  @ParameterizedTest
  @ValueSource(strings = {"'a b'", "'.'", "'..'", "'..x'", "'k/x'", "'clé'", "''"})
  void refusesKeysKubernetesRefuses(String key) {
    var error = refused(configMap("binaryData:\n  " + key + ": YQ==\n"));

    assertThat(error.details()).singleElement().asString().contains("binaryData key");
  }

  @Test
  void refusesAKeyOver253Characters() {
    var error = refused(configMap("data:\n  " + "k".repeat(254) + ": v\n"));

    assertThat(error.details())
        .singleElement()
        .asString()
        .contains("must be no more than 253 characters")
        .contains("k".repeat(80) + "...\"");
  }

  @Test
  void refusesAKeyInBothDataAndBinaryData() {
    var error = refused(configMap("data:\n  a: x\nbinaryData:\n  a: YQ==\n"));

    assertThat(error.details())
        .containsExactly(
            "document 1: ConfigMap web (namespace team-a): key \"a\" is in both data and"
                + " binaryData; keep it in one");
  }

  @Test
  void refusesASecretsStringDataKeyButNeverQuotesItsValue() {
    var secret =
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\n  namespace: team-a\n"
            + "stringData:\n  'pass word': hunter2\n";

    var error = refused(secret);

    assertThat(error.details()).singleElement().asString().contains("stringData key \"pass word\"");
    assertThat(error.getMessage() + error.details()).doesNotContain("hunter2");
  }

  @Test
  void acceptsTheKeysKubernetesAccepts() {
    var body = configMap("data:\n  config.yml: a\n  A-b_c.9: b\n  .hidden: c\n  x..y: d\n");

    assertThat(parser.parse(body, ManifestFormat.YAML, "default").resources()).hasSize(1);
  }

  @Test
  void leavesOtherKindsDataAlone() {
    var body =
        "apiVersion: example.com/v1\nkind: ConfigMap\nmetadata:\n  name: x\n  namespace: a\n"
            + "data:\n  'any key': v\n";

    assertThat(parser.parse(body, ManifestFormat.YAML, "default").resources()).hasSize(1);
  }
}
