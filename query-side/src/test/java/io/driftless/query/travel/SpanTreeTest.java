package io.driftless.query.travel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SpanTreeTest {

  /** The fork node as the paper finds it: descending from the root until a node lies within. */
  private static long descend(long lower, long upper) {
    var node = SpanTree.ROOT;
    for (var step = SpanTree.ROOT / 2; step >= 1; step /= 2) {
      if (upper < node) {
        node -= step;
      } else if (node < lower) {
        node += step;
      } else {
        break;
      }
    }
    return node;
  }

  @Test
  void theForkIsTheNodeTheDescentFromTheRootStopsAt() {
    for (long lower = 1; lower <= 300; lower++) {
      for (long upper = lower; upper <= 300; upper++) {
        assertThat(SpanTree.fork(lower, upper))
            .as(lower + ".." + upper)
            .isEqualTo(descend(lower, upper));
      }
    }
    var random = new Random(27);
    for (int i = 0; i < 10_000; i++) {
      var lower = 1 + (long) (random.nextDouble() * (SpanTree.OPEN - 1));
      var upper = lower + (long) (random.nextDouble() * (SpanTree.OPEN - lower));
      assertThat(SpanTree.fork(lower, upper)).isEqualTo(descend(lower, upper));
    }
  }

  @Test
  void aVersionStillInForceForksAtTheRoot() {
    var now = SpanTree.point(Instant.parse("2026-11-27T15:00:00.123456789Z"));
    assertThat(now).isEqualTo(1_795_791_600_123_456L);
    assertThat(SpanTree.fork(now, SpanTree.OPEN)).isEqualTo(SpanTree.ROOT);
  }

  @Test
  void thePathFindsExactlyTheSpansContainingThePoint() {
    var random = new Random(2027);
    var spans = new ArrayList<long[]>();
    for (int i = 0; i < 3_000; i++) {
      var lower = 1 + random.nextInt(5_000);
      var upper = lower + random.nextInt(random.nextBoolean() ? 40 : 3_000);
      spans.add(new long[] {lower, upper, SpanTree.fork(lower, upper)});
    }
    spans.add(new long[] {4_096, SpanTree.OPEN, SpanTree.fork(4_096, SpanTree.OPEN)});
    for (long p = 1; p <= 9_000; p += 1 + random.nextInt(3)) {
      assertThat(found(spans, p)).as("at " + p).isEqualTo(containing(spans, p));
    }
    assertThat(found(spans, SpanTree.OPEN)).containsExactly(spans.size() - 1);
  }

  private static Set<Integer> found(List<long[]> spans, long p) {
    var path = SpanTree.path(p);
    var atOrLeft = new HashSet<>(path.atOrLeft());
    var right = new HashSet<>(path.right());
    var found = new HashSet<Integer>();
    for (int i = 0; i < spans.size(); i++) {
      var span = spans.get(i);
      if (atOrLeft.contains(span[2]) && span[1] >= p || right.contains(span[2]) && span[0] <= p) {
        found.add(i);
      }
    }
    return found;
  }

  private static Set<Integer> containing(List<long[]> spans, long p) {
    var containing = new HashSet<Integer>();
    for (int i = 0; i < spans.size(); i++) {
      if (spans.get(i)[0] <= p && p <= spans.get(i)[1]) {
        containing.add(i);
      }
    }
    return containing;
  }

  @Test
  void pointsOutsideTheTreeAreClampedAndEmptySpansRefused() {
    assertThat(SpanTree.point(Instant.parse("1960-01-01T00:00:00Z"))).isEqualTo(1);
    assertThat(SpanTree.point(Instant.parse("2200-01-01T00:00:00Z"))).isEqualTo(SpanTree.OPEN);
    assertThat(SpanTree.path(SpanTree.OPEN).right()).isEmpty();
    assertThatThrownBy(() -> SpanTree.fork(5, 4)).isInstanceOf(IllegalArgumentException.class);
  }
}
