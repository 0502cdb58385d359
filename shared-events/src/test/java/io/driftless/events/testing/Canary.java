package io.driftless.events.testing;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;

/**
 * Secret values to search for (issue 14 point 5): each canary in every form it must never be found
 * in outside the cluster: plain, base64, and the bare SHA-256 (hex and base64) of either. Random
 * per run, so no stale file or earlier run can match by chance.
 */
public final class Canary {

  private final List<String> values;
  private final List<String> forms;

  private Canary(List<String> values) {
    this.values = List.copyOf(values);
    var all = new ArrayList<String>();
    for (String value : values) {
      String base64 = base64(value);
      for (String form : List.of(value, base64)) {
        all.add(form);
        byte[] digest = sha256(form);
        all.add(HexFormat.of().formatHex(digest));
        all.add(Base64.getEncoder().encodeToString(digest));
      }
    }
    this.forms = List.copyOf(all);
  }

  /** {@code count} fresh canary values. */
  public static Canary of(int count) {
    var values = new ArrayList<String>();
    for (int i = 0; i < count; i++) {
      values.add("canary-" + i + "-" + UUID.randomUUID().toString().replace("-", ""));
    }
    return new Canary(values);
  }

  /** The i-th canary value, in clear. */
  public String value(int i) {
    return values.get(i);
  }

  /** The i-th canary value, base64 (as a Secret's data holds it). */
  public String base64Value(int i) {
    return base64(values.get(i));
  }

  /** Every form searched for. */
  public List<String> forms() {
    return forms;
  }

  /** The forms found in the text (empty when it is clean). */
  public List<String> foundIn(String text) {
    return forms.stream().filter(text::contains).toList();
  }

  /** The forms found in the bytes, read as ISO-8859-1 so any byte sequence is searchable. */
  public List<String> foundIn(byte[] bytes) {
    return foundIn(new String(bytes, StandardCharsets.ISO_8859_1));
  }

  private static String base64(String text) {
    return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
