package io.driftless.sandbox.controllers;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A pod template's hash as the workload controllers name ReplicaSets and revisions with it: FNV-1a
 * (32 bit) of the template, written with apimachinery's rand.SafeEncodeString alphabet. Upstream
 * hashes the Go struct; this hashes the stored JSON, so the values differ from a real cluster's but
 * change exactly when the template changes.
 */
final class TemplateHash {

  private static final String ALPHABET = "bcdfghjklmnpqrstvwxz2456789";

  private TemplateHash() {}

  static String of(JsonNode template) {
    int hash = 0x811c9dc5;
    for (byte b : template.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)) {
      hash ^= b & 0xff;
      hash *= 0x01000193;
    }
    var digits = Long.toString(Integer.toUnsignedLong(hash));
    var encoded = new StringBuilder();
    for (var c : digits.toCharArray()) {
      encoded.append(ALPHABET.charAt(c % ALPHABET.length()));
    }
    return encoded.toString();
  }
}
