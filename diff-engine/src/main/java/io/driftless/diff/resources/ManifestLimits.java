package io.driftless.diff.resources;

/**
 * Limits {@link ManifestParser} enforces on one body. The byte size of a body is the caller's
 * business (the HTTP layer answers 413 before parsing); the YAML reader accepts documents of up to
 * 16 Mi code points so 10 MiB bodies parse.
 *
 * @param maxResources the most resources one manifest may hold (kapp Config documents not counted)
 */
public record ManifestLimits(int maxResources) {

  private static final int DEFAULT_MAX_RESOURCES = 5_000;

  /** Checks that the limit is positive. */
  public ManifestLimits {
    if (maxResources < 1) {
      throw new IllegalArgumentException("maxResources must be at least 1, got " + maxResources);
    }
  }

  /** The defaults: at most 5,000 resources. */
  public static ManifestLimits defaults() {
    return new ManifestLimits(DEFAULT_MAX_RESOURCES);
  }
}
