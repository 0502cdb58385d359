package io.driftless.query.travel;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The relational interval tree (Kriegel, Pötke and Seidl, "Managing Intervals Efficiently in
 * Object-Relational Databases", VLDB 2000) that {@code desired_span} keys the object versions by,
 * so that the versions in force at a time are read by a few dozen index ranges that hold only them
 * (query side README, "Time travel").
 *
 * <p>Times are whole microseconds since 1970 in {@code [1, OPEN]}, the nodes of a virtual binary
 * tree of that range whose root is {@link #ROOT} (2^51 µs, in 2041, after MariaDB's last {@code
 * TIMESTAMP}); a node's level is its number of trailing zero bits. A version in force from {@code
 * lower} to {@code upper} (both included; {@link #OPEN} while it still is) is registered at its
 * fork node: the highest node within it. Every version still in force thus forks at the root. A
 * point {@code p} lies on one path from the root; a version containing {@code p} forks at a node of
 * that path, either at or left of {@code p} (then its {@code upper >= p} is what tells) or right of
 * it (then its {@code lower <= p}); versions forking elsewhere cannot contain {@code p}. Hence two
 * rows per version, one keyed by its upper bound and one by its lower, and a query of at most 52
 * ranges per side, each range exactly the versions sought.
 */
final class SpanTree {

  /** The root: 2^51 µs. */
  static final long ROOT = 1L << 51;

  /** The last point of the tree, the upper bound of a version still in force: 2^52 - 1 µs. */
  static final long OPEN = (1L << 52) - 1;

  /** The row keyed by the version's upper bound. */
  static final int BY_UPPER = 0;

  /** The row keyed by the version's lower bound. */
  static final int BY_LOWER = 1;

  private SpanTree() {}

  /** The instant in whole microseconds (truncated, as the views store it), within the tree. */
  static long point(Instant at) {
    var micros = Math.multiplyExact(at.getEpochSecond(), 1_000_000L) + at.getNano() / 1_000;
    return Math.max(1, Math.min(OPEN, micros));
  }

  /**
   * The highest node within {@code [lower, upper]}, the one with the most trailing zero bits: above
   * the highest bit where {@code lower - 1} and {@code upper} differ they agree, so the only higher
   * node near them is their common prefix, which is not above {@code lower - 1}.
   */
  static long fork(long lower, long upper) {
    if (lower < 1 || lower > upper || upper > OPEN) {
      throw new IllegalArgumentException("not a span of the tree: " + lower + ".." + upper);
    }
    return upper & -Long.highestOneBit((lower - 1) ^ upper);
  }

  /** The nodes on the path from the root to {@code p}, by the side of {@code p} they lie on. */
  record Path(List<Long> atOrLeft, List<Long> right) {}

  static Path path(long p) {
    var atOrLeft = new ArrayList<Long>();
    var right = new ArrayList<Long>();
    for (int level = 51; level >= 0; level--) {
      var bit = 1L << level;
      var node = (p & -(bit << 1)) | bit;
      (node <= p ? atOrLeft : right).add(node);
    }
    return new Path(List.copyOf(atOrLeft), List.copyOf(right));
  }
}
