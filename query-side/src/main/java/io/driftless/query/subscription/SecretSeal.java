package io.driftless.query.subscription;

import io.driftless.diff.text.SecretKeys;
import io.driftless.events.SealedObject;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Seals a subscription's signing secret as the command side seals Secrets: AES-256-GCM, a random
 * 96-bit nonce, the key id beside the ciphertext, the same key ring ({@code driftless.secrets.key}
 * and {@code .old-keys}). The AES key is derived under a label of its own ({@value #LABEL}), and
 * the associated data is the subscription id, so a sealed secret opens only for its subscription.
 */
public final class SecretSeal {

  static final String LABEL = "driftless/subscription-secret/v1";
  private static final int TAG_BITS = 128;
  private static final int NONCE_BYTES = 12;

  private final SecretKeys keys;
  private final SecureRandom random = new SecureRandom();

  public SecretSeal(SecretKeys keys) {
    this.keys = keys;
  }

  /** The secret sealed for subscription {@code id}. */
  SealedObject seal(String id, String secret) {
    var nonce = new byte[NONCE_BYTES];
    random.nextBytes(nonce);
    try {
      var sealed =
          cipher(Cipher.ENCRYPT_MODE, keys.currentId(), nonce, id)
              .doFinal(secret.getBytes(StandardCharsets.UTF_8));
      var base64 = Base64.getEncoder();
      return new SealedObject(
          keys.currentId(), base64.encodeToString(nonce), base64.encodeToString(sealed));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM sealing failed.", e);
    }
  }

  /**
   * The secret of subscription {@code id}.
   *
   * @throws IllegalStateException if its key is not configured or it was changed
   */
  String open(String id, SealedObject sealed) {
    try {
      var base64 = Base64.getDecoder();
      var clear =
          cipher(Cipher.DECRYPT_MODE, sealed.keyId(), base64.decode(sealed.nonce()), id)
              .doFinal(base64.decode(sealed.ciphertext()));
      return new String(clear, StandardCharsets.UTF_8);
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      throw new IllegalStateException(
          "The secret of subscription " + id + " does not open with key " + sealed.keyId(), e);
    }
  }

  private Cipher cipher(int mode, String keyId, byte[] nonce, String id)
      throws GeneralSecurityException {
    var key =
        keys.aesKey(keyId, LABEL)
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "The secret of subscription "
                            + id
                            + " needs key "
                            + keyId
                            + ", which is not configured (driftless.secrets.key / .old-keys)."));
    var cipher = Cipher.getInstance("AES/GCM/NoPadding");
    cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
    cipher.updateAAD(("driftless/subscription/v1 " + id).getBytes(StandardCharsets.UTF_8));
    return cipher;
  }
}
