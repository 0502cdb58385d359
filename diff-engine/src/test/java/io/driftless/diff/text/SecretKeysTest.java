package io.driftless.diff.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class SecretKeysTest {

  private static final String ZEROS = Base64.getEncoder().encodeToString(new byte[32]);

  @Test
  void aBareKeyGetsAnIdDerivedFromItAndAnIdPrefixIsKept() {
    assertThat(SecretKeys.of(ZEROS, List.of()).currentId()).matches("k[0-9a-f]{8}");
    assertThat(SecretKeys.of("prod-2026:" + ZEROS, List.of()).currentId()).isEqualTo("prod-2026");
  }

  @Test
  void refusesKeysThatAreNot256BitsOrNotBase64OrCollide() {
    var short128 = Base64.getEncoder().encodeToString(new byte[16]);
    var fives = new byte[32];
    Arrays.fill(fives, (byte) 5);
    var a = "a:" + ZEROS;
    var otherA = "a:" + Base64.getEncoder().encodeToString(fives);

    assertThatThrownBy(() -> SecretKeys.of(short128, List.of())).hasMessageContaining("256 bits");
    assertThatThrownBy(() -> SecretKeys.of("not base64!", List.of()))
        .hasMessageContaining("base64");
    assertThatThrownBy(() -> SecretKeys.of(a, List.of(otherA)))
        .hasMessageContaining("different Secret keys have the id a");
    assertThat(SecretKeys.of(a, List.of(a)).currentId()).isEqualTo("a");
  }

  @Test
  void aGeneratedKeyIsReadBackWithItsId() {
    var generated = SecretKeys.generate();

    assertThat(SecretKeys.of(generated, List.of()).currentId())
        .isEqualTo(generated.substring(0, generated.indexOf(':')));
  }

  @Test
  void eachUseDerivesItsOwnKeyAndOnlyConfiguredIdsHaveKeys() {
    var keys = SecretKeys.of("a:" + ZEROS, List.of());

    var seal = keys.sealKey("a").orElseThrow().getEncoded();
    var hooks = keys.aesKey("a", "driftless/subscription-secret/v1").orElseThrow().getEncoded();
    var other = keys.aesKey("a", "another/v1").orElseThrow().getEncoded();

    assertThat(hooks).hasSize(32).isNotEqualTo(seal).isNotEqualTo(other);
    assertThat(keys.aesKey("b", "another/v1")).isEmpty();
    assertThatThrownBy(() -> keys.aesKey("a", "driftless/seal/v1"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
