package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class WeighedLruTest {

  @Test
  void dropsTheLeastRecentlyUsedUntilTheWeightsFit() {
    var lru = new WeighedLru<String, String>("bound", 10);
    lru.keep("a", "A", 4);
    lru.keep("b", "B", 4);
    assertThat(lru.get("a")).isEqualTo("A");

    lru.keep("c", "C", 4);

    assertThat(lru.get("b")).isNull();
    assertThat(lru.get("a")).isEqualTo("A");
    assertThat(lru.get("c")).isEqualTo("C");
    assertThat(lru.size()).isEqualTo(2);
  }

  @Test
  void aKeyHeavierThanTheBoundIsNeverKeptAndDropsNothing() {
    var lru = new WeighedLru<String, String>("bound", 10);
    lru.keep("a", "A", 10);

    lru.keep("big", "BIG", 11);

    assertThat(lru.get("big")).isNull();
    assertThat(lru.get("a")).isEqualTo("A");
  }

  @Test
  void aKeptKeyKeepsItsFirstValueAndWeight() {
    var lru = new WeighedLru<String, String>("bound", 10);
    lru.keep("a", "first", 6);
    lru.keep("a", "second", 1);
    lru.keep("b", "B", 4);

    assertThat(lru.get("a")).isEqualTo("first");
    assertThat(lru.get("b")).isEqualTo("B");

    lru.keep("c", "C", 1);

    assertThat(lru.get("a")).isNull();
  }

  @Test
  void aZeroBoundKeepsOnlyWeightlessKeysAndANegativeOneIsRefusedByName() {
    var none = new WeighedLru<String, String>("bound", 0);
    none.keep("a", "A", 1);
    assertThat(none.size()).isZero();

    assertThatThrownBy(() -> new WeighedLru<String, String>("driftless.x", -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("driftless.x must not be negative, not -1");
  }
}
