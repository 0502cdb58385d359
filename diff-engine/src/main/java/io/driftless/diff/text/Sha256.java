package io.driftless.diff.text;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** SHA-256 digests rendered as {@code sha256:<64 lowercase hex>}. */
final class Sha256 {

  static final String PREFIX = "sha256:";

  private static final Pattern DIGEST = Pattern.compile("sha256:[0-9a-f]{64}");

  private Sha256() {}

  static String digest(String text) {
    return digest(text.getBytes(StandardCharsets.UTF_8));
  }

  static String digest(byte[] bytes) {
    try {
      return PREFIX + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("Every Java runtime has SHA-256.", e);
    }
  }

  /** Whether the text already is a digest in this form. */
  static boolean isDigest(String text) {
    return text.length() == PREFIX.length() + 64 && DIGEST.matcher(text).matches();
  }
}
