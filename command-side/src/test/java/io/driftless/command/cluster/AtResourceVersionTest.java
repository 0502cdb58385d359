package io.driftless.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A value made from an object serves again only for the same key, uid and resourceVersion; an
 * object without them is never kept; the least recently used goes first.
 */
class AtResourceVersionTest {

  private int made;

  private String make(AtResourceVersion<String, String> kept, String uid, String version) {
    return kept.get(
        "conf",
        uid,
        version,
        () -> {
          made++;
          return uid + "@" + version + "#" + made;
        });
  }

  @Test
  void theSameUidAndResourceVersionGetTheKeptValue() {
    var kept = new AtResourceVersion<String, String>(10);

    var first = make(kept, "u-1", "7");

    assertThat(make(kept, "u-1", "7")).isSameAs(first);
    assertThat(kept.find("conf", "u-1", "7")).contains(first);
    assertThat(made).isEqualTo(1);
  }

  @Test
  void anotherResourceVersionOrUidIsMadeAgain() {
    var kept = new AtResourceVersion<String, String>(10);
    make(kept, "u-1", "7");

    assertThat(make(kept, "u-1", "8")).isEqualTo("u-1@8#2");
    assertThat(make(kept, "u-2", "8")).isEqualTo("u-2@8#3");
    assertThat(kept.find("conf", "u-1", "8")).isEmpty();
  }

  @Test
  void anObjectWithoutUidOrResourceVersionIsNeverKept() {
    var kept = new AtResourceVersion<String, String>(10);

    make(kept, "u-1", "");
    make(kept, null, "7");
    make(kept, "u-1", "");

    assertThat(made).isEqualTo(3);
    assertThat(kept.size()).isZero();
  }

  @Test
  void keepsAtMostItsCapacityTheLeastRecentlyUsedGoingFirst() {
    var kept = new AtResourceVersion<String, String>(2);
    kept.keep("a", "u-a", "1", "A");
    kept.keep("b", "u-b", "1", "B");
    kept.find("a", "u-a", "1");
    kept.keep("c", "u-c", "1", "C");

    assertThat(kept.size()).isEqualTo(2);
    assertThat(kept.find("a", "u-a", "1")).contains("A");
    assertThat(kept.find("b", "u-b", "1")).isEmpty();
    assertThat(new AtResourceVersion<String, String>(0).get("a", "u", "1", () -> "x"))
        .isEqualTo("x");
  }
}
