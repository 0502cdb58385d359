package io.driftless.diff.text;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The server's key ring: the current key (it seals and fingerprints) and older ones (they open and
 * recognise what they made), each 256 bits with an id. Each configured key is a master key: the AES
 * key that seals and the HMAC key that fingerprints are derived from it (HMAC-SHA256 of a fixed
 * label each), so one key is never used by two algorithms.
 *
 * <p>Rotation: configure a new key as {@code driftless.secrets.key} and move the old one to {@code
 * driftless.secrets.old-keys}. New applies seal with the new key; a sealed object opens with the
 * key its id names; a stored fingerprint under the old key is recognised and replaced with the new
 * one's on the next write. Drop an old key only when nothing sealed with it is wanted any more.
 */
public final class SecretKeys {

  private static final String SEAL_LABEL = "driftless/seal/v1";
  private static final String FINGERPRINT_LABEL = "driftless/fingerprint/v1";

  private final String currentId;
  private final Map<String, byte[]> masters;

  private SecretKeys(String currentId, Map<String, byte[]> masters) {
    this.currentId = currentId;
    this.masters = masters;
  }

  /**
   * A ring of the current key and older ones, each written {@code <id>:<base64>} or as bare base64.
   *
   * @throws IllegalArgumentException when a key is not base64 of 32 bytes, an id is malformed, or
   *     two different keys share an id (the same key twice counts once)
   */
  public static SecretKeys of(String current, List<String> older) {
    var masters = new LinkedHashMap<String, byte[]>();
    String currentId = add(masters, current);
    older.forEach(entry -> add(masters, entry));
    return new SecretKeys(currentId, masters);
  }

  /** A new random key, written {@code <id>:<base64>}. */
  public static String generate() {
    var key = new byte[32];
    new SecureRandom().nextBytes(key);
    return derivedId(key) + ":" + Base64.getEncoder().encodeToString(key);
  }

  /** The id of the key that seals and fingerprints now. */
  public String currentId() {
    return currentId;
  }

  /** The AES key derived from the key with this id, if that key is configured. */
  public Optional<SecretKeySpec> sealKey(String id) {
    return Optional.ofNullable(masters.get(id))
        .map(master -> new SecretKeySpec(derive(master, SEAL_LABEL), "AES"));
  }

  /**
   * An AES key for a use other than sealing Secrets (the webhook secrets of event subscriptions,
   * say), derived from the key with this id under that use's own {@code label}, so no derived key
   * serves two uses.
   */
  public Optional<SecretKeySpec> aesKey(String id, String label) {
    if (SEAL_LABEL.equals(label) || FINGERPRINT_LABEL.equals(label)) {
      throw new IllegalArgumentException("label " + label + " is taken");
    }
    return Optional.ofNullable(masters.get(id))
        .map(master -> new SecretKeySpec(derive(master, label), "AES"));
  }

  /** Keyed fingerprints under the current key, recognising those of the older ones. */
  public HmacFingerprint fingerprint() {
    var keys = new LinkedHashMap<String, byte[]>();
    masters.forEach((id, master) -> keys.put(id, derive(master, FINGERPRINT_LABEL)));
    return new HmacFingerprint(currentId, keys);
  }

  private static String add(Map<String, byte[]> masters, String entry) {
    String text = entry.strip();
    int colon = text.indexOf(':');
    byte[] key = decode(colon < 0 ? text : text.substring(colon + 1));
    String id = colon < 0 ? derivedId(key) : text.substring(0, colon);
    if (!HmacFingerprint.validKeyId(id)) {
      throw new IllegalArgumentException(
          "A Secret key id is 1 to 32 of A-Z a-z 0-9 . _ - (got '" + id + "').");
    }
    byte[] known = masters.putIfAbsent(id, key);
    if (known != null && !MessageDigest.isEqual(known, key)) {
      throw new IllegalArgumentException("Two different Secret keys have the id " + id + ".");
    }
    return id;
  }

  private static byte[] decode(String base64) {
    byte[] key;
    try {
      key = Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("A Secret key must be base64 (of 32 random bytes).");
    }
    if (key.length != 32) {
      throw new IllegalArgumentException(
          "A Secret key must be 256 bits (base64 of 32 bytes, e.g. `openssl rand -base64 32`), not "
              + key.length * 8
              + " bits.");
    }
    return key;
  }

  private static String derivedId(byte[] key) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(key);
      return "k" + HexFormat.of().formatHex(digest, 0, 4);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every Java runtime has SHA-256.", e);
    }
  }

  private static byte[] derive(byte[] master, String label) {
    try {
      var mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(master, "HmacSHA256"));
      return mac.doFinal(label.getBytes(StandardCharsets.US_ASCII));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every Java runtime has HmacSHA256.", e);
    }
  }
}
