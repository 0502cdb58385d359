package io.driftless.diff.text;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Keyed fingerprints of Secret values: {@code hmac-sha256:<key id>:<hex>}, the HMAC-SHA256 of the
 * value's UTF-8 text under the current key. Without the key nobody can test a guessed value against
 * a fingerprint. The key id is written beside it, so after a key rotation a value fingerprinted
 * under an older key (still known here) is recognised by {@link #matches} instead of counting as a
 * change.
 *
 * <p>Instances are immutable and thread-safe (a {@link Mac} per call).
 */
public final class HmacFingerprint implements SecretFingerprint {

  /** The written form: {@code hmac-sha256:<key id>:<64 lowercase hex>}. */
  static final Pattern KEYED = Pattern.compile("hmac-sha256:([A-Za-z0-9._-]{1,32}):[0-9a-f]{64}");

  private static final String PREFIX = "hmac-sha256:";
  private static final Pattern KEY_ID = Pattern.compile("[A-Za-z0-9._-]{1,32}");
  private static final HmacFingerprint EPHEMERAL = ephemeralKey();

  private final String currentId;
  private final Map<String, byte[]> keys;

  /**
   * @param currentId the id of the key new fingerprints are made with
   * @param keys every known key by id (the current one included); at least 32 bytes each
   * @throws IllegalArgumentException when an id is malformed, a key is short or the current id is
   *     not among the keys
   */
  public HmacFingerprint(String currentId, Map<String, byte[]> keys) {
    keys.forEach(HmacFingerprint::check);
    if (!keys.containsKey(currentId)) {
      throw new IllegalArgumentException(
          "The current key " + currentId + " is not among the keys.");
    }
    this.currentId = currentId;
    var copy = new LinkedHashMap<String, byte[]>();
    keys.forEach((id, key) -> copy.put(id, key.clone()));
    this.keys = Map.copyOf(copy);
  }

  /**
   * A fingerprint with a random key made once per JVM (id {@code ephemeral}): for tools without a
   * server key (the offline diff), whose fingerprints only need to compare within one run.
   */
  public static HmacFingerprint ephemeral() {
    return EPHEMERAL;
  }

  /** Whether the text may be a key id: 1 to 32 of {@code A-Z a-z 0-9 . _ -}. */
  public static boolean validKeyId(String id) {
    return id != null && KEY_ID.matcher(id).matches();
  }

  @Override
  public String of(String value) {
    return fingerprint(currentId, value);
  }

  @Override
  public boolean matches(String fingerprint, String value) {
    Objects.requireNonNull(value, "value");
    if (Sha256.isDigest(fingerprint)) {
      return Sha256.digest(value).equals(fingerprint);
    }
    var keyed = KEYED.matcher(fingerprint);
    if (!keyed.matches() || !keys.containsKey(keyed.group(1))) {
      return false;
    }
    return MessageDigest.isEqual(
        fingerprint(keyed.group(1), value).getBytes(StandardCharsets.US_ASCII),
        fingerprint.getBytes(StandardCharsets.US_ASCII));
  }

  private String fingerprint(String id, String value) {
    try {
      var mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(keys.get(id), "HmacSHA256"));
      byte[] digest = mac.doFinal(value.getBytes(StandardCharsets.UTF_8));
      return PREFIX + id + ":" + HexFormat.of().formatHex(digest);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("Every Java runtime has HmacSHA256.", e);
    }
  }

  private static void check(String id, byte[] key) {
    if (!validKeyId(id)) {
      throw new IllegalArgumentException(
          "A key id is 1 to 32 of A-Z a-z 0-9 . _ - (got '" + id + "').");
    }
    if (key == null || key.length < 32) {
      throw new IllegalArgumentException("The key " + id + " must have at least 32 bytes.");
    }
  }

  private static HmacFingerprint ephemeralKey() {
    var key = new byte[32];
    new SecureRandom().nextBytes(key);
    return new HmacFingerprint("ephemeral", Map.of("ephemeral", key));
  }
}
