package io.driftless.command.deploy;

import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ManifestFormat;
import io.driftless.diff.resources.ManifestParser;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The deploy bodies parsed last, kept with their manifests, so that a body sent again (a pipeline
 * redeploying the same manifest, most of all when nothing changed) is not parsed again: parsing was
 * the largest part of an unchanged redeploy's CPU (issue 31: 55 ms of knative's 1 MB body, a third
 * of its redeploy). Parsing is a function of the body, its format and the default namespace (the
 * parser's limits are the server's settings), so a body equal to a kept one gets that one's
 * manifest; a refused body is never kept (it is refused again, in the same words, by parsing it
 * again). Every answer for one body is the same kept manifest, not a copy: its trees are read only,
 * as every plan's objects are (the diff engine's {@code PlanInput}); a plan then knows them again
 * by identity (issue 31: copying knative's manifest and comparing the copy with the previous plan's
 * were a fifth of an unchanged redeploy's CPU). {@code KeptManifestIT} deploys, redeploys, dry-runs
 * and reconciles a manifest of every kind of change and checks the kept manifest is still the
 * body's parse.
 *
 * <p>Kept: the bodies most recently used whose lengths add up to at most {@code
 * driftless.deploy.parsed-body-chars} characters (4 Mi; 0 keeps none), a larger body never. The
 * parsed trees take several times their body's size in memory. Thread-safe.
 */
@Component
class ParsedBodies {

  /**
   * What a manifest is parsed from. Its hash reads at most 64 characters of the text spread over it
   * with its length: a body is up to megabytes, and a full hash of a new request's text is a walk
   * over all of it per deploy; equal bodies still compare whole.
   */
  private record Body(String text, ManifestFormat format, String namespace) {

    private static final int SAMPLES = 64;

    @Override
    public int hashCode() {
      int length = text.length();
      int hash = Objects.hash(length, format, namespace);
      int step = Math.max(1, length / SAMPLES);
      for (int i = 0; i < length; i += step) {
        hash = 31 * hash + text.charAt(i);
      }
      return hash;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Body body
          && text.equals(body.text)
          && format == body.format
          && Objects.equals(namespace, body.namespace);
    }
  }

  /** A parse of a body: {@link ManifestParser#parse}. */
  interface Parse {
    Manifest parse(String text, ManifestFormat format, String namespace);
  }

  private final Parse parser;
  private final long maxChars;
  private final LinkedHashMap<Body, Manifest> kept = new LinkedHashMap<>(16, 0.75f, true);
  private long keptChars;

  @Autowired
  ParsedBodies(
      ManifestParser parser,
      @Value("${driftless.deploy.parsed-body-chars:4194304}") long maxChars) {
    this(parser::parse, maxChars);
  }

  ParsedBodies(Parse parser, long maxChars) {
    if (maxChars < 0) {
      throw new IllegalArgumentException(
          "driftless.deploy.parsed-body-chars must not be negative, not " + maxChars);
    }
    this.parser = parser;
    this.maxChars = maxChars;
  }

  /**
   * The manifest of a body, as {@link ManifestParser#parse} makes it.
   *
   * @throws io.driftless.diff.resources.ManifestException when the body is refused
   */
  Manifest parse(String text, ManifestFormat format, String namespace) {
    var body = new Body(text, format, namespace);
    var manifest = get(body);
    if (manifest == null) {
      manifest = parser.parse(text, format, namespace);
      keep(body, manifest);
    }
    return manifest;
  }

  private synchronized Manifest get(Body body) {
    return kept.get(body);
  }

  private synchronized void keep(Body body, Manifest manifest) {
    var chars = body.text().length();
    if (chars > maxChars || kept.containsKey(body)) {
      return;
    }
    kept.put(body, manifest);
    keptChars += chars;
    Iterator<Map.Entry<Body, Manifest>> eldest = kept.entrySet().iterator();
    while (keptChars > maxChars) {
      keptChars -= eldest.next().getKey().text().length();
      eldest.remove();
    }
  }

  /** How many bodies are kept. */
  synchronized int size() {
    return kept.size();
  }
}
