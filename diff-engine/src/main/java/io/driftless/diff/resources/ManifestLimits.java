package io.driftless.diff.resources;

/**
 * Limits {@link ManifestParser} enforces on one body. The byte size of a body is the caller's
 * business (the HTTP layer answers 413 before parsing); the YAML reader accepts documents of up to
 * 16 Mi code points so 10 MiB bodies parse.
 *
 * <p>The object limit plays the Kubernetes API server's: etcd refuses requests over its {@code
 * --max-request-bytes} (1.5 MiB by default), so an API server cannot store a larger object. An
 * object is measured as compact JSON in UTF-8, after the parser placed its namespace: what would be
 * sent. A Secret's {@code stringData} grows by a third when the API server writes it into {@code
 * data}; that growth is not counted (the API server would refuse such an object at the write).
 *
 * <p>The nesting limit applies to YAML and JSON bodies alike: maps and lists may nest at most that
 * deep, counting the outermost map of a YAML document, or the body's object of a JSON body, as
 * level 1. Deeper bodies are {@link ManifestException.Reason#UNPARSABLE}, in the same words for
 * both formats ({@link ManifestException#nestedTooDeep}).
 *
 * @param maxResources the most resources one manifest may hold (kapp Config documents not counted)
 * @param maxObjectBytes the largest one resource may be, as compact JSON in UTF-8
 * @param maxNestingDepth how deep maps and lists may nest
 */
public record ManifestLimits(int maxResources, long maxObjectBytes, int maxNestingDepth) {

  private static final int DEFAULT_MAX_RESOURCES = 5_000;

  /** etcd's default {@code --max-request-bytes}: 1.5 MiB. */
  public static final long DEFAULT_MAX_OBJECT_BYTES = 1_572_864L;

  /** SnakeYAML's own default, deep enough for any real manifest. */
  public static final int DEFAULT_MAX_NESTING_DEPTH = 100;

  /** Checks that every limit is positive. */
  public ManifestLimits {
    if (maxResources < 1) {
      throw new IllegalArgumentException("maxResources must be at least 1, got " + maxResources);
    }
    if (maxObjectBytes < 1) {
      throw new IllegalArgumentException(
          "maxObjectBytes must be at least 1, got " + maxObjectBytes);
    }
    if (maxNestingDepth < 1) {
      throw new IllegalArgumentException(
          "maxNestingDepth must be at least 1, got " + maxNestingDepth);
    }
  }

  /** The given resource and object limits, nesting up to the default depth. */
  public ManifestLimits(int maxResources, long maxObjectBytes) {
    this(maxResources, maxObjectBytes, DEFAULT_MAX_NESTING_DEPTH);
  }

  /** At most {@code maxResources} resources, each within the API server's object limit. */
  public ManifestLimits(int maxResources) {
    this(maxResources, DEFAULT_MAX_OBJECT_BYTES);
  }

  /** The defaults: at most 5,000 resources of at most 1.5 MiB each, nested up to 100 deep. */
  public static ManifestLimits defaults() {
    return new ManifestLimits(DEFAULT_MAX_RESOURCES, DEFAULT_MAX_OBJECT_BYTES);
  }
}
