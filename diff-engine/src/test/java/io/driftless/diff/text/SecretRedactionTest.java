package io.driftless.diff.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.YamlTrees;
import org.junit.jupiter.api.Test;

class SecretRedactionTest {

  private static final String HASH_OF_BASE64 =
      "sha256:99ea56ced47c21431d0c56ef904f282ae4256adb612c4e890b6daa1b61d0c32c";
  private static final String HASH_OF_HUNTER2 =
      "sha256:f52fbd32b2b3b86ff88ef6c490628285f482af15ddcb29541f94bcf526a3f6c7";

  private final ObjectNode secret =
      YamlTrees.readObject(
          """
          apiVersion: v1
          kind: Secret
          metadata:
            name: db
            annotations:
              kubectl.kubernetes.io/last-applied-configuration: '{"data":{"password":"cGFzc3dvcmQ="}}'
          data:
            password: cGFzc3dvcmQ=
          stringData:
            token: hunter2
          type: Opaque
          """);

  @Test
  void hashesDataAsWrittenAndStringDataAsPlainText() {
    var redacted = SecretRedaction.redact(secret);

    assertThat(redacted.at("/data/password").textValue()).isEqualTo(HASH_OF_BASE64);
    assertThat(redacted.at("/stringData/token").textValue()).isEqualTo(HASH_OF_HUNTER2);
    assertThat(redacted.at("/type").textValue()).isEqualTo("Opaque");
  }

  @Test
  void hashesTheKubectlLastAppliedAnnotationThatHoldsTheValuesInClear() {
    var redacted = SecretRedaction.redact(secret);

    assertThat(redacted.toString()).doesNotContain("cGFzc3dvcmQ=").doesNotContain("hunter2");
    assertThat(
            redacted.at("/metadata/annotations").get(ServerFields.KUBECTL_LAST_APPLIED).textValue())
        .startsWith("sha256:");
  }

  @Test
  void isIdempotent() {
    var once = SecretRedaction.redact(secret);

    assertThat(SecretRedaction.redact(once)).isEqualTo(once);
  }

  @Test
  void leavesTheArgumentUnchanged() {
    var before = secret.deepCopy();

    SecretRedaction.redact(secret);

    assertThat(secret).isEqualTo(before);
  }

  @Test
  void copiesOtherKindsUnchanged() {
    var configMap = YamlTrees.readObject("apiVersion: v1\nkind: ConfigMap\ndata: {password: x}");

    var redacted = SecretRedaction.redact(configMap);

    assertThat(redacted).isEqualTo(configMap).isNotSameAs(configMap);
  }
}
