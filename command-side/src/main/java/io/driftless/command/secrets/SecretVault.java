package io.driftless.command.secrets;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.text.SecretFingerprint;
import io.driftless.diff.text.SecretKeys;
import io.driftless.events.SealedObject;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;

/**
 * Seals objects (AES-256-GCM, a random 96-bit nonce per seal, the 128-bit tag) with the current key
 * and opens them with the key their id names. The associated data is the ResourceChange id, so a
 * sealed object opens only for the resource it was sealed for. Also hands out the keyed fingerprint
 * of Secret values ({@link SecretKeys#fingerprint()}), the other use of the same keys.
 *
 * <p>Thread-safe: a {@link Cipher} per call.
 */
public final class SecretVault {

  private static final int TAG_BITS = 128;
  private static final int NONCE_BYTES = 12;

  private final SecretKeys keys;
  private final SecretFingerprint fingerprint;
  private final SecureRandom random = new SecureRandom();
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
    var nonce = new byte[NONCE_BYTES];
    random.nextBytes(nonce);
    String keyId = keys.currentId();
    try {
      var cipher = cipher(Cipher.ENCRYPT_MODE, keyId, nonce, resourceId);
      byte[] sealed = cipher.doFinal(mapper.writeValueAsBytes(object));
      var base64 = Base64.getEncoder();
      return new SealedObject(keyId, base64.encodeToString(nonce), base64.encodeToString(sealed));
    } catch (GeneralSecurityException | JsonProcessingException e) {
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
      var base64 = Base64.getDecoder();
      var cipher =
          cipher(Cipher.DECRYPT_MODE, sealed.keyId(), base64.decode(sealed.nonce()), resourceId);
      byte[] json = cipher.doFinal(base64.decode(sealed.ciphertext()));
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

  private Cipher cipher(int mode, String keyId, byte[] nonce, String resourceId)
      throws GeneralSecurityException {
    var key =
        keys.sealKey(keyId)
            .orElseThrow(
                () ->
                    new SecretVaultException(
                        "The sealed object of "
                            + resourceId
                            + " needs key "
                            + keyId
                            + ", which is not configured (driftless.secrets.key / .old-keys)."));
    var cipher = Cipher.getInstance("AES/GCM/NoPadding");
    cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
    cipher.updateAAD(("driftless/sealed/v1 " + resourceId).getBytes(StandardCharsets.UTF_8));
    return cipher;
  }
}
