package io.driftless.query.subscription;

import io.driftless.diff.text.SealBox;
import io.driftless.diff.text.SecretKeys;
import io.driftless.events.SealedObject;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.SecretKey;

/**
 * Seals a subscription's signing secret as the command side seals Secrets ({@link SealBox}:
 * AES-256-GCM, a random 96-bit nonce), the key id beside the ciphertext, the same key ring ({@code
 * driftless.secrets.key} and {@code .old-keys}). The AES key is derived under a label of its own
 * ({@value #LABEL}), and the associated data is the subscription id, so a sealed secret opens only
 * for its subscription.
 */
public final class SecretSeal {

  static final String LABEL = "driftless/subscription-secret/v1";
  private static final String AAD = "driftless/subscription/v1 ";

  private final SecretKeys keys;

  public SecretSeal(SecretKeys keys) {
    this.keys = keys;
  }

  /** The secret sealed for subscription {@code id}. */
  SealedObject seal(String id, String secret) {
    var keyId = keys.currentId();
    var sealed = SealBox.seal(key(keyId, id), AAD + id, secret.getBytes(StandardCharsets.UTF_8));
    return new SealedObject(keyId, sealed.nonce(), sealed.ciphertext());
  }

  /**
   * The secret of subscription {@code id}.
   *
   * @throws IllegalStateException if its key is not configured or it was changed
   */
  String open(String id, SealedObject sealed) {
    try {
      var clear =
          SealBox.open(key(sealed.keyId(), id), AAD + id, sealed.nonce(), sealed.ciphertext());
      return new String(clear, StandardCharsets.UTF_8);
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      throw new IllegalStateException(
          "The secret of subscription " + id + " does not open with key " + sealed.keyId(), e);
    }
  }

  private SecretKey key(String keyId, String id) {
    return keys.aesKey(keyId, LABEL)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "The secret of subscription "
                        + id
                        + " needs key "
                        + keyId
                        + ", which is not configured (driftless.secrets.key / .old-keys)."));
  }
}
