package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.diff.resources.ManifestException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SecretDataTest {

  private final ManifestParser parser = new ManifestParser(ManifestLimits.defaults());

  private static String secret(String fields) {
    return "apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\n  namespace: team-a\n" + fields;
  }

  private ManifestException refused(String body) {
    try {
      parser.parse(body, ManifestFormat.YAML, "default");
    } catch (ManifestException e) {
      return e;
    }
    throw new AssertionError("accepted");
  }

  private Manifest accepted(String body) {
    return parser.parse(body, ManifestFormat.YAML, "default");
  }

  @Test
  void refusesDataThatIsNotBase64NamingTheSecretAndKeyButNotTheValue() {
    var error = refused(secret("data:\n  user: YWRtaW4=\n  password: hunter2-plain!\n"));

    assertThat(error.reason()).isEqualTo(Reason.INVALID);
    assertThat(error.details())
        .containsExactly(
            "document 1: Secret creds (namespace team-a): data key \"password\" is not valid"
                + " base64 (data values are base64-encoded; plain text goes under stringData)");
    assertThat(error.getMessage() + error.details()).doesNotContain("hunter2");
  }

  @Test
  void namesEveryBadKeyOfEverySecretWithItsDocument() {
    var second = secret("data:\n  a: '%%%'\n  b: 42\n").replace("creds", "other");

    var error = refused(secret("data:\n  c: 'not base64'\n") + "---\n" + second);

    assertThat(error.getMessage()).isEqualTo("The manifest has 3 problems.");
    assertThat(error.details())
        .containsExactly(
            "document 1: Secret creds (namespace team-a): data key \"c\" is not valid base64"
                + " (data values are base64-encoded; plain text goes under stringData)",
            "document 2: Secret other (namespace team-a): data key \"a\" is not valid base64"
                + " (data values are base64-encoded; plain text goes under stringData)",
            "document 2: Secret other (namespace team-a): data key \"b\" is a number, not a base64"
                + " string");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"YWRtaW4", "YWRtaW4==", "YW=Rt", "=", "Y===", "====", "YWRt aW4=", "YWRtaW4-"})
  void refusesWhatGosStandardBase64Refuses(String value) {
    assertThat(SecretFields.isBase64(value)).isFalse();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "YWRtaW4=", "YWRtaQ==", "YWRt", "YW\nRt", "YWRt\r\naW4=\n", "+/+/"})
  void acceptsWhatGosStandardBase64Accepts(String value) {
    assertThat(SecretFields.isBase64(value)).isTrue();
  }

  @Test
  void acceptsBase64DataFoldedOverLinesNullValuesAndStringData() {
    var manifest =
        accepted(
            secret(
                "data:\n  cert: |\n    LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0t\n    LS0t\n  empty: null\n"
                    + "stringData:\n  password: plain text is fine here\n"));

    assertThat(manifest.resources()).hasSize(1);
  }

  @Test
  void refusesDataAndStringDataOfTheWrongShape() {
    var notAMap = refused(secret("data: just-text\n"));
    var numberInStringData = refused(secret("stringData:\n  port: 5432\n  tls: true\n"));

    assertThat(notAMap.details())
        .containsExactly(
            "document 1: Secret creds (namespace team-a): data must be a map of base64-encoded"
                + " values");
    assertThat(numberInStringData.details())
        .containsExactly(
            "document 1: Secret creds (namespace team-a): stringData key \"port\" is a number, not"
                + " a string",
            "document 1: Secret creds (namespace team-a): stringData key \"tls\" is a boolean, not"
                + " a string");
  }

  @Test
  void checksOnlyTheCoreSecretKind() {
    var custom =
        "apiVersion: bitnami.com/v1alpha1\nkind: Secret\nmetadata:\n  name: sealed\n"
            + "data:\n  password: not-base64!\n";
    var configMap =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\ndata:\n  password: text!\n";

    assertThat(accepted(custom + "---\n" + configMap).resources()).hasSize(2);
  }

  @Test
  void checksSecretsInsideListDocuments() {
    var list =
        "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Secret\n"
            + "  metadata: {name: listed}\n  data: {token: 'not base64'}\n";

    assertThat(refused(list).details())
        .singleElement()
        .asString()
        .startsWith("document 1 item 1: Secret listed (namespace default): data key \"token\"");
  }
}
