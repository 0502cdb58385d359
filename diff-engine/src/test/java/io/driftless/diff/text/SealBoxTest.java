package io.driftless.diff.text;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import javax.crypto.AEADBadTagException;
import org.junit.jupiter.api.Test;

class SealBoxTest {

  private final SecretKeys keys = SecretKeys.of(SecretKeys.generate(), List.of());
  private final byte[] clear = "the canary".getBytes(StandardCharsets.UTF_8);

  @Test
  void aSealedValueOpensWithItsKeyAndAssociatedData() throws Exception {
    var key = keys.sealKey(keys.currentId()).orElseThrow();

    var sealed = SealBox.seal(key, "driftless/test a", clear);

    assertThat(new String(Base64.getDecoder().decode(sealed.ciphertext()), StandardCharsets.UTF_8))
        .doesNotContain("canary");
    assertThat(SealBox.open(key, "driftless/test a", sealed.nonce(), sealed.ciphertext()))
        .isEqualTo(clear);
  }

  @Test
  void everySealHasItsOwnNonce() {
    var key = keys.sealKey(keys.currentId()).orElseThrow();

    assertThat(SealBox.seal(key, "a", clear).nonce())
        .isNotEqualTo(SealBox.seal(key, "a", clear).nonce());
  }

  @Test
  void anotherAssociatedDataAnotherKeyOrAChangedByteDoNotOpen() {
    var key = keys.sealKey(keys.currentId()).orElseThrow();
    var other = SecretKeys.of(SecretKeys.generate(), List.of());
    var otherKey = other.sealKey(other.currentId()).orElseThrow();
    var sealed = SealBox.seal(key, "driftless/test a", clear);
    var bytes = Base64.getDecoder().decode(sealed.ciphertext());
    bytes[0] ^= 1;
    var changed = Base64.getEncoder().encodeToString(bytes);

    assertThatThrownBy(
            () -> SealBox.open(key, "driftless/test b", sealed.nonce(), sealed.ciphertext()))
        .isInstanceOf(AEADBadTagException.class);
    assertThatThrownBy(
            () -> SealBox.open(otherKey, "driftless/test a", sealed.nonce(), sealed.ciphertext()))
        .isInstanceOf(AEADBadTagException.class);
    assertThatThrownBy(() -> SealBox.open(key, "driftless/test a", sealed.nonce(), changed))
        .isInstanceOf(AEADBadTagException.class);
  }
}
