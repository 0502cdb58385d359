package io.driftless.diff.text;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;

/**
 * How Driftless seals what it must keep secret at rest (a Secret's desired object on the command
 * side, a webhook subscription's signing secret on the query side): AES-256-GCM with a random
 * 96-bit nonce per seal, the 128-bit tag, and associated data naming what was sealed, so a sealed
 * value opens only for what it was sealed for. The keys are {@link SecretKeys}'. Thread-safe: a
 * {@link Cipher} per call.
 */
public final class SealBox {

  private static final int TAG_BITS = 128;
  private static final int NONCE_BYTES = 12;
  private static final SecureRandom RANDOM = new SecureRandom();

  private SealBox() {}

  /** A sealed value: its nonce and its ciphertext (with the tag), each in base64. */
  public record Sealed(String nonce, String ciphertext) {}

  /** {@code clear} sealed with {@code key} for {@code associatedData}. */
  public static Sealed seal(SecretKey key, String associatedData, byte[] clear) {
    var nonce = new byte[NONCE_BYTES];
    RANDOM.nextBytes(nonce);
    try {
      var sealed = cipher(Cipher.ENCRYPT_MODE, key, nonce, associatedData).doFinal(clear);
      var base64 = Base64.getEncoder();
      return new Sealed(base64.encodeToString(nonce), base64.encodeToString(sealed));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM sealing failed.", e);
    }
  }

  /**
   * The clear value of {@code nonce} and {@code ciphertext} (base64) sealed with {@code key} for
   * {@code associatedData}.
   *
   * @throws javax.crypto.AEADBadTagException when it was changed or sealed for something else
   * @throws GeneralSecurityException when it does not decrypt otherwise
   * @throws IllegalArgumentException when nonce or ciphertext is not base64
   */
  public static byte[] open(SecretKey key, String associatedData, String nonce, String ciphertext)
      throws GeneralSecurityException {
    var base64 = Base64.getDecoder();
    return cipher(Cipher.DECRYPT_MODE, key, base64.decode(nonce), associatedData)
        .doFinal(base64.decode(ciphertext));
  }

  private static Cipher cipher(int mode, SecretKey key, byte[] nonce, String associatedData)
      throws GeneralSecurityException {
    var cipher = Cipher.getInstance("AES/GCM/NoPadding");
    cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
    cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
    return cipher;
  }
}
