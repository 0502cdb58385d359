package io.driftless.command.deploy;

import java.nio.charset.Charset;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Function;

/**
 * The deploy bodies read last, as bytes, with the text each decoded to and the checks it passed, so
 * that a body sent again (a pipeline redeploying the same manifest) is neither decoded nor checked
 * again and comes back as the very same text: {@link ParsedBodies} then finds its manifest without
 * hashing or comparing a megabyte of text (issue 31: decoding knative's 1 MB body, which holds a
 * few non-ASCII characters and so decodes slowly, was a tenth of an unchanged redeploy's CPU). The
 * text is a function of the bytes and the charset, the checks ({@link BodyPrecheck}) of the text
 * and the format; a body that failed them is never kept.
 *
 * <p>Kept: the bodies most recently used whose sizes add up to at most {@code
 * driftless.deploy.parsed-body-chars} bytes (the bound of the parsed manifests), a larger body
 * never. Thread-safe.
 */
final class DecodedBodies {

  /** What a text is decoded from and checked as. */
  private record Raw(byte[] bytes, Charset charset, Object format) {

    private static final int SAMPLES = 64;

    @Override
    public int hashCode() {
      int length = bytes.length;
      int hash = Objects.hash(length, charset, format);
      int step = Math.max(1, length / SAMPLES);
      for (int i = 0; i < length; i += step) {
        hash = 31 * hash + bytes[i];
      }
      return hash;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Raw raw
          && Arrays.equals(bytes, raw.bytes)
          && charset.equals(raw.charset)
          && format.equals(raw.format);
    }

    @Override
    public String toString() {
      return bytes.length + " bytes of " + charset + " " + format;
    }
  }

  private final WeighedLru<Raw, String> kept;

  DecodedBodies(long maxBytes) {
    this.kept = new WeighedLru<>("driftless.deploy.parsed-body-chars", maxBytes);
  }

  /**
   * The text of {@code bytes} in {@code charset}, checked as {@code format} by {@code check} (which
   * throws when it refuses the text): a kept one, else decoded and checked now.
   */
  String text(byte[] bytes, Charset charset, Object format, Function<String, String> check) {
    var raw = new Raw(bytes, charset, format);
    var known = kept.get(raw);
    if (known != null) {
      return known;
    }
    var text = check.apply(new String(bytes, charset));
    kept.keep(raw, text, bytes.length);
    return text;
  }

  /** How many bodies are kept. */
  int size() {
    return kept.size();
  }
}
