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
 * @param maxResources the most resources one manifest may hold (kapp Config documents not counted)
 * @param maxObjectBytes the largest one resource may be, as compact JSON in UTF-8
 */
public record ManifestLimits(int maxResources, long maxObjectBytes) {

  private static final int DEFAULT_MAX_RESOURCES = 5_000;

  /** etcd's default {@code --max-request-bytes}: 1.5 MiB. */
  public static final long DEFAULT_MAX_OBJECT_BYTES = 1_572_864L;

  /** Checks that both limits are positive. */
  public ManifestLimits {
    if (maxResources < 1) {
      throw new IllegalArgumentException("maxResources must be at least 1, got " + maxResources);
    }
    if (maxObjectBytes < 1) {
      throw new IllegalArgumentException(
          "maxObjectBytes must be at least 1, got " + maxObjectBytes);
    }
  }

  /** At most {@code maxResources} resources, each within the API server's object limit. */
  public ManifestLimits(int maxResources) {
    this(maxResources, DEFAULT_MAX_OBJECT_BYTES);
  }

  /** The defaults: at most 5,000 resources of at most 1.5 MiB each. */
  public static ManifestLimits defaults() {
    return new ManifestLimits(DEFAULT_MAX_RESOURCES, DEFAULT_MAX_OBJECT_BYTES);
  }
}
