package io.driftless.diff.text;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.YamlTrees;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretRedactionTest {

  private static final HmacFingerprint KEYED = new HmacFingerprint("k1", Map.of("k1", key(7)));
  private static final String BARE_HASH_OF_BASE64 =
      "sha256:99ea56ced47c21431d0c56ef904f282ae4256adb612c4e890b6daa1b61d0c32c";
  private static final String BARE_HASH_OF_HUNTER2 =
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

  private static byte[] key(int fill) {
    var key = new byte[32];
    Arrays.fill(key, (byte) fill);
    return key;
  }

  @Test
  void fingerprintsDataAsWrittenAndStringDataAsPlainTextWithTheKey() {
    var redacted = SecretRedaction.redact(secret, KEYED);

    assertThat(redacted.at("/data/password").textValue()).isEqualTo(KEYED.of("cGFzc3dvcmQ="));
    assertThat(redacted.at("/stringData/token").textValue()).isEqualTo(KEYED.of("hunter2"));
    assertThat(redacted.at("/type").textValue()).isEqualTo("Opaque");
  }

  @Test
  void neverWritesTheBareHashOfAValue() {
    var redacted = SecretRedaction.redact(secret, KEYED).toString();

    assertThat(redacted)
        .doesNotContain(BARE_HASH_OF_BASE64.substring(7))
        .doesNotContain(BARE_HASH_OF_HUNTER2.substring(7))
        .doesNotContain("cGFzc3dvcmQ=")
        .doesNotContain("hunter2");
  }

  @Test
  void fingerprintsTheKubectlLastAppliedAnnotationThatHoldsTheValuesInClear() {
    var redacted = SecretRedaction.redact(secret, KEYED);

    assertThat(
            redacted.at("/metadata/annotations").get(ServerFields.KUBECTL_LAST_APPLIED).textValue())
        .startsWith("hmac-sha256:k1:");
  }

  @Test
  void isIdempotentAndKeepsAnOlderStoresBareHashes() {
    var once = SecretRedaction.redact(secret, KEYED);
    var legacy = secret.deepCopy();
    legacy.with("data").put("password", BARE_HASH_OF_BASE64);

    assertThat(SecretRedaction.redact(once, KEYED)).isEqualTo(once);
    assertThat(SecretRedaction.redact(legacy, KEYED).at("/data/password").textValue())
        .isEqualTo(BARE_HASH_OF_BASE64);
  }

  @Test
  void leavesTheArgumentUnchanged() {
    var before = secret.deepCopy();

    SecretRedaction.redact(secret, KEYED);

    assertThat(secret).isEqualTo(before);
  }

  @Test
  void copiesOtherKindsUnchanged() {
    var configMap = YamlTrees.readObject("apiVersion: v1\nkind: ConfigMap\ndata: {password: x}");

    var redacted = SecretRedaction.redact(configMap, KEYED);

    assertThat(redacted).isEqualTo(configMap).isNotSameAs(configMap);
  }

  @Test
  void rekeysStoredValuesThatStillMatchAndKeepsTheOthers() {
    var rotated = new HmacFingerprint("k2", Map.of("k1", key(7), "k2", key(8)));
    var stored =
        YamlTrees.readObject(
            "kind: Secret\ndata: {same: '%s', changed: '%s', legacy: '%s'}"
                .formatted(KEYED.of("c2FtZQ=="), KEYED.of("b2xk"), BARE_HASH_OF_HUNTER2));
    var desired =
        YamlTrees.readObject(
            "kind: Secret\ndata: {same: c2FtZQ==, changed: bmV3, legacy: aHVudGVyMg==}");

    var rekeyed = SecretRedaction.rekeyed(stored, desired, rotated);

    assertThat(rekeyed.at("/data/same").textValue()).isEqualTo(rotated.of("c2FtZQ=="));
    assertThat(rekeyed.at("/data/changed").textValue()).isEqualTo(KEYED.of("b2xk"));
    assertThat(rekeyed.at("/data/legacy").textValue()).isEqualTo(rotated.of("aHVudGVyMg=="));
  }
}
