package io.driftless.command.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.text.SecretKeys;
import io.driftless.events.SealedObject;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class SecretVaultTest {

  static final String KEY_A = "a:" + Base64.getEncoder().encodeToString(new byte[32]);
  static final String KEY_B = "b:" + Base64.getEncoder().encodeToString(filled(32, 1));
  private static final String ID = "default/app/core/Secret/default/creds";

  private final ObjectNode secret =
      (ObjectNode)
          new ObjectMapper()
              .valueToTree(
                  java.util.Map.of(
                      "apiVersion",
                      "v1",
                      "kind",
                      "Secret",
                      "metadata",
                      java.util.Map.of("name", "creds", "namespace", "default"),
                      "data",
                      java.util.Map.of("token", "Y2FuYXJ5LXZhbHVl")));

  static byte[] filled(int length, int fill) {
    var bytes = new byte[length];
    java.util.Arrays.fill(bytes, (byte) fill);
    return bytes;
  }

  private static SecretVault vault(String current, String... older) {
    return new SecretVault(SecretKeys.of(current, List.of(older)));
  }

  @Test
  void opensWhatItSealedAndTheCiphertextHoldsNoValue() {
    var vault = vault(KEY_A);

    var sealed = vault.seal(ID, secret);

    assertThat(sealed.keyId()).isEqualTo("a");
    assertThat(vault.unseal(ID, sealed)).isEqualTo(secret);
    assertThat(sealed.toString()).doesNotContain("Y2FuYXJ5LXZhbHVl").doesNotContain("canary");
  }

  @Test
  void sealsWithAFreshNonceEachTime() {
    var vault = vault(KEY_A);

    assertThat(vault.seal(ID, secret).nonce()).isNotEqualTo(vault.seal(ID, secret).nonce());
  }

  @Test
  void aKeyIdNotConfiguredDoesNotOpen() {
    var sealed = vault(KEY_B).seal(ID, secret);

    assertThatThrownBy(() -> vault(KEY_A).unseal(ID, sealed))
        .isInstanceOf(SecretVaultException.class)
        .hasMessageContaining("needs key b");
  }

  @Test
  void theWrongKeyUnderTheSameIdDoesNotOpen() {
    var sealed = vault(KEY_A).seal(ID, secret);
    var otherKeySameId = "a:" + Base64.getEncoder().encodeToString(filled(32, 9));

    assertThatThrownBy(() -> vault(otherKeySameId).unseal(ID, sealed))
        .isInstanceOf(SecretVaultException.class)
        .hasMessageContaining("does not open");
  }

  @Test
  void aTamperedCiphertextDoesNotOpen() {
    var vault = vault(KEY_A);
    var sealed = vault.seal(ID, secret);
    byte[] bytes = Base64.getDecoder().decode(sealed.ciphertext());
    bytes[3] ^= 1;
    var tampered =
        new SealedObject(sealed.keyId(), sealed.nonce(), Base64.getEncoder().encodeToString(bytes));

    assertThatThrownBy(() -> vault.unseal(ID, tampered))
        .isInstanceOf(SecretVaultException.class)
        .hasMessageContaining("does not open");
  }

  @Test
  void opensOnlyForTheResourceItWasSealedFor() {
    var vault = vault(KEY_A);
    var sealed = vault.seal(ID, secret);

    assertThatThrownBy(() -> vault.unseal(ID + "-other", sealed))
        .isInstanceOf(SecretVaultException.class);
  }

  @Test
  void afterARotationTheNewKeySealsAndTheOldOneStillOpens() {
    var sealedBefore = vault(KEY_A).seal(ID, secret);
    var rotated = vault(KEY_B, KEY_A);

    var sealedAfter = rotated.seal(ID, secret);

    assertThat(sealedAfter.keyId()).isEqualTo("b");
    assertThat(rotated.unseal(ID, sealedBefore)).isEqualTo(secret);
    assertThat(rotated.unseal(ID, sealedAfter)).isEqualTo(secret);
    assertThatThrownBy(() -> vault(KEY_A).unseal(ID, sealedAfter))
        .isInstanceOf(SecretVaultException.class);
  }

  @Test
  void fingerprintsAreKeyedAndSurviveARotation() {
    var before = vault(KEY_A).fingerprint();
    var rotated = vault(KEY_B, KEY_A).fingerprint();

    assertThat(before.of("x"))
        .isEqualTo(vault(KEY_A).fingerprint().of("x"))
        .startsWith("hmac-sha256:a:");
    assertThat(rotated.of("x")).isNotEqualTo(before.of("x")).startsWith("hmac-sha256:b:");
    assertThat(rotated.matches(before.of("x"), "x")).isTrue();
    assertThat(vault(KEY_B).fingerprint().matches(before.of("x"), "x")).isFalse();
  }
}
