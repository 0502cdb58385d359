package io.driftless.command.deploy;

import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ManifestFormat;
import io.driftless.diff.resources.ManifestParser;
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
   * What a manifest is parsed from. A body sent again is the very text {@link DecodedBodies} kept,
   * so its hash is the one String computed and kept once, and equal bodies compare by identity.
   */
  private record Body(String text, ManifestFormat format, String namespace) {}

  /** A parse of a body: {@link ManifestParser#parse}. */
  interface Parse {
    Manifest parse(String text, ManifestFormat format, String namespace);
  }

  private final Parse parser;
  private final WeighedLru<Body, Manifest> kept;

  @Autowired
  ParsedBodies(
      ManifestParser parser,
      @Value("${driftless.deploy.parsed-body-chars:4194304}") long maxChars) {
    this(parser::parse, maxChars);
  }

  ParsedBodies(Parse parser, long maxChars) {
    this.parser = parser;
    this.kept = new WeighedLru<>("driftless.deploy.parsed-body-chars", maxChars);
  }

  /**
   * The manifest of a body, as {@link ManifestParser#parse} makes it.
   *
   * @throws io.driftless.diff.resources.ManifestException when the body is refused
   */
  Manifest parse(String text, ManifestFormat format, String namespace) {
    var body = new Body(text, format, namespace);
    var manifest = kept.get(body);
    if (manifest == null) {
      manifest = parser.parse(text, format, namespace);
      kept.keep(body, manifest, text.length());
    }
    return manifest;
  }

  /** How many bodies are kept. */
  int size() {
    return kept.size();
  }
}
