package io.driftless.command.idempotency;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A command request's {@code Idempotency-Key} in its scope: one app, one endpoint. Two requests
 * with the same key in the same scope are the same request; {@code requestHash} tells whether they
 * also carry the same parameters and body.
 *
 * @param appId {@code namespace/app}
 * @param endpoint {@code deploy}, {@code reconcile} or {@code delete}
 * @param key the header's value (1 to 255 printable ASCII characters, checked by the caller)
 * @param requestHash SHA-256 (hex) of what the request asks for: its query string, content type and
 *     body for a deploy
 */
public record IdempotencyKey(String appId, String endpoint, String key, String requestHash) {

  /** The key of a request whose parts are {@code request}, hashed here. */
  public static IdempotencyKey of(String appId, String endpoint, String key, String request) {
    return new IdempotencyKey(appId, endpoint, key, sha256(request));
  }

  /** The SHA-256 of the key, the column the store compares (exact, whatever the collation). */
  String keyHash() {
    return sha256(key);
  }

  static String sha256(String text) {
    try {
      var digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
