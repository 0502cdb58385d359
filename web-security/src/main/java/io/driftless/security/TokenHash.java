package io.driftless.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The stored form of a token: {@code sha256:} and the hex of its SHA-256. A plain hash (not PBKDF2
 * or bcrypt) because the tokens are random secrets of 256 bits ({@code openssl rand -hex 32}), not
 * passwords: no dictionary reaches them, so slowing each guess buys nothing, while a slow hash
 * would cost every request. The same hash is made by {@code printf %s "$TOKEN" | sha256sum} or by
 * this class's {@link #main}: {@code java -cp web-security.jar io.driftless.security.TokenHash}
 * reads the token from standard input. A short or guessable token is as weak here as anywhere: make
 * them with a random generator.
 */
public final class TokenHash {

  private static final String PREFIX = "sha256:";
  private static final Pattern FORM = Pattern.compile("sha256:[0-9a-fA-F]{64}");

  private TokenHash() {}

  /** Prints the configured form of the token read from standard input (one line, trimmed). */
  public static void main(String[] args) throws IOException {
    var token = new String(System.in.readAllBytes(), StandardCharsets.UTF_8).strip();
    if (token.isEmpty()) {
      System.err.println(
          "usage: printf %s \"$TOKEN\" | java -cp <jar> " + TokenHash.class.getName());
      System.exit(2);
    }
    System.out.println(of(token));
  }

  /** The configured form of a token: {@code sha256:<hex>}. */
  public static String of(String token) {
    return PREFIX + HexFormat.of().formatHex(digest(token));
  }

  /** The SHA-256 of the token's UTF-8 bytes. */
  static byte[] digest(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /** The digest of a configured hash, or an exception naming the expected form. */
  static byte[] parse(String name, String hash) {
    if (hash == null || !FORM.matcher(hash.strip()).matches()) {
      throw new SecuritySettingsException(
          "driftless.security.tokens: the hash of token '"
              + name
              + "' is not sha256:<64 hex digits> (make one with: printf %s \"$TOKEN\" | sha256sum)");
    }
    return HexFormat.of().parseHex(hash.strip().substring(PREFIX.length()));
  }
}
