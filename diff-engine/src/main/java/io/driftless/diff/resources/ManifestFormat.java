package io.driftless.diff.resources;

/** How a deploy body is written. */
public enum ManifestFormat {
  /** One or more YAML documents separated by {@code ---}. */
  YAML,
  /** A JSON object {@code {"resources": [ {...}, ... ]}}. */
  JSON
}
