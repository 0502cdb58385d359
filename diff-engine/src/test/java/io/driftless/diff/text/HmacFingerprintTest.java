package io.driftless.diff.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HmacFingerprintTest {

  private static byte[] key(int fill) {
    var key = new byte[32];
    Arrays.fill(key, (byte) fill);
    return key;
  }

  private final HmacFingerprint one = new HmacFingerprint("a", Map.of("a", key(1)));

  @Test
  void equalValuesHaveEqualFingerprints() {
    assertThat(one.of("s3cr3t")).isEqualTo(one.of("s3cr3t")).isNotEqualTo(one.of("s3cr3T"));
  }

  @Test
  void differentKeysGiveDifferentFingerprints() {
    var other = new HmacFingerprint("a", Map.of("a", key(2)));

    assertThat(one.of("s3cr3t")).isNotEqualTo(other.of("s3cr3t"));
  }

  /** RFC 4231 has no 32-byte-key vector of this text: the JDK's HMAC with the id prefix. */
  @Test
  void isTheHmacSha256OfTheTextUnderTheKeyWithTheKeyId() throws Exception {
    var mac = javax.crypto.Mac.getInstance("HmacSHA256");
    mac.init(new javax.crypto.spec.SecretKeySpec(key(1), "HmacSHA256"));
    var expected = java.util.HexFormat.of().formatHex(mac.doFinal("x".getBytes("UTF-8")));

    assertThat(one.of("x")).isEqualTo("hmac-sha256:a:" + expected);
    assertThat(SecretFingerprint.isFingerprint(one.of("x"))).isTrue();
  }

  @Test
  void matchesUnderAnyKnownKeyAndTheBareHashOfOlderStores() {
    var rotated = new HmacFingerprint("b", Map.of("a", key(1), "b", key(2)));
    var unknownKey = new HmacFingerprint("c", Map.of("c", key(3)));

    assertThat(rotated.of("v")).startsWith("hmac-sha256:b:");
    assertThat(rotated.matches(one.of("v"), "v")).isTrue();
    assertThat(rotated.matches(one.of("v"), "w")).isFalse();
    assertThat(rotated.matches(unknownKey.of("v"), "v")).isFalse();
    assertThat(
            rotated.matches(
                "sha256:4c94485e0c21ae6c41ce1dfe7b6bfaceea5ab68e40a2476f50208e526f506080", "v"))
        .isTrue();
  }

  @Test
  void refusesShortKeysBadIdsAndAMissingCurrentKey() {
    assertThatThrownBy(() -> new HmacFingerprint("a", Map.of("a", new byte[16])))
        .hasMessageContaining("at least 32 bytes");
    assertThatThrownBy(() -> new HmacFingerprint("a b", Map.of("a b", key(1))))
        .hasMessageContaining("key id");
    assertThatThrownBy(() -> new HmacFingerprint("x", Map.of("a", key(1))))
        .hasMessageContaining("not among");
  }
}
