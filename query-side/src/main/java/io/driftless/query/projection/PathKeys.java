package io.driftless.query.projection;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Keys for field paths in primary keys: a path can be longer than a key column may be, so views key
 * ghost diffs by the SHA-256 of the path (64 hex characters) and keep the path beside it.
 */
public final class PathKeys {

  private PathKeys() {}

  public static String of(String path) {
    try {
      var digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(path.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
