package io.driftless.diff.text;

/**
 * What a Secret value is replaced by wherever a value is needed to see that it changed (stored
 * last-applied objects, field changes, content hashes): a keyed fingerprint ({@link
 * HmacFingerprint}), never the value nor a bare hash of it, which anyone holding the store could
 * test guesses against. The engine takes one as an argument and does no I/O for it: the server
 * passes its key, the offline diff a random one ({@link HmacFingerprint#ephemeral()}).
 */
public interface SecretFingerprint {

  /** A fingerprint of the value's text. Equal texts give equal fingerprints under one key. */
  String of(String value);

  /**
   * Whether {@code fingerprint} is the fingerprint of {@code value} under any key this function
   * knows, or the bare SHA-256 ({@code sha256:<hex>}) that stores written before keyed fingerprints
   * hold. Lets a stored value written under an older key (or none) be recognised without a write.
   */
  boolean matches(String fingerprint, String value);

  /** Whether the text is a fingerprint of either form, so redaction leaves it as it is. */
  static boolean isFingerprint(String text) {
    return HmacFingerprint.KEYED.matcher(text).matches() || Sha256.isDigest(text);
  }
}
