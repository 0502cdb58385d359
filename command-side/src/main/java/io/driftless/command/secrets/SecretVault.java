package io.driftless.command.secrets;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.text.SealBox;
import io.driftless.diff.text.SecretFingerprint;
import io.driftless.diff.text.SecretKeys;
import io.driftless.events.SealedObject;
import java.io.IOException;
import java.security.GeneralSecurityException;
import javax.crypto.AEADBadTagException;
import javax.crypto.SecretKey;

/**
 * Seals objects ({@link SealBox}: AES-256-GCM, a random 96-bit nonce per seal, the 128-bit tag)
 * with the current key and opens them with the key their id names. The associated data is the
 * ResourceChange id, so a sealed object opens only for the resource it was sealed for. Also hands
 * out the keyed fingerprint of Secret values ({@link SecretKeys#fingerprint()}), the other use of
 * the same keys.
 *
 * <p>Thread-safe.
 */
public final class SecretVault {

  private static final String AAD = "driftless/sealed/v1 ";

  private final SecretKeys keys;
  private final SecretFingerprint fingerprint;
  private final ObjectMapper mapper = new ObjectMapper();

  public SecretVault(SecretKeys keys) {
    this.keys = keys;
    this.fingerprint = keys.fingerprint();
  }

  /** The keyed fingerprint of Secret values under the current key. */
  public SecretFingerprint fingerprint() {
    return fingerprint;
  }

  /** The object encrypted with the current key for the resource {@code resourceId}. */
  public SealedObject seal(String resourceId, ObjectNode object) {
    String keyId = keys.currentId();
    try {
      var sealed =
          SealBox.seal(key(keyId, resourceId), AAD + resourceId, mapper.writeValueAsBytes(object));
      return new SealedObject(keyId, sealed.nonce(), sealed.ciphertext());
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("AES-GCM sealing failed.", e);
    }
  }

  /**
   * The object sealed for the resource {@code resourceId}.
   *
   * @throws SecretVaultException when its key is not configured, or it was changed or sealed for
   *     another resource
   */
  public ObjectNode unseal(String resourceId, SealedObject sealed) {
    try {
      byte[] json =
          SealBox.open(
              key(sealed.keyId(), resourceId),
              AAD + resourceId,
              sealed.nonce(),
              sealed.ciphertext());
      return (ObjectNode) mapper.readTree(json);
    } catch (AEADBadTagException e) {
      throw new SecretVaultException(
          "The sealed object of "
              + resourceId
              + " does not open with key "
              + sealed.keyId()
              + ": it was changed, or sealed for another resource.",
          e);
    } catch (GeneralSecurityException | IllegalArgumentException | IOException e) {
      throw new SecretVaultException(
          "The sealed object of " + resourceId + " is malformed: " + e.getClass().getSimpleName(),
          e);
    }
  }

  private SecretKey key(String keyId, String resourceId) {
    return keys.sealKey(keyId)
        .orElseThrow(
            () ->
                new SecretVaultException(
                    "The sealed object of "
                        + resourceId
                        + " needs key "
                        + keyId
                        + ", which is not configured (driftless.secrets.key / .old-keys)."));
  }
}
