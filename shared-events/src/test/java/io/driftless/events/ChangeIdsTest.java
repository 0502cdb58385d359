package io.driftless.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Issue 26: the change id format in one place, for the App and the query side alike. */
class ChangeIdsTest {

  @Test
  void idsAreNamedAfterTheAppWithSixDigitsAsKappNamesThem() {
    assertThat(ChangeIds.of("ns/my-app", 7)).isEqualTo("my-app-change-000007");
    assertThat(ChangeIds.of("default/simple-app", 1)).isEqualTo("simple-app-change-000001");
    assertThat(ChangeIds.of("ns/app", 1234567)).isEqualTo("app-change-1234567");
  }

  @Test
  void theNumberIsWhatFollowsTheLastDash() {
    assertThat(ChangeIds.numberOf("my-app-change-000007")).isEqualTo(7);
    assertThat(ChangeIds.numberOf(ChangeIds.of("ns/change-app", 42))).isEqualTo(42);
    assertThatThrownBy(() -> ChangeIds.numberOf("my-app-change-"))
        .isInstanceOf(NumberFormatException.class);
  }

  @Test
  void parseAcceptsOnlyTheFormAndAtMostEighteenDigits() {
    assertThat(ChangeIds.parse("simple-app-change-000007")).isEqualTo(OptionalLong.of(7));
    assertThat(ChangeIds.parse("a-change-7")).isEqualTo(OptionalLong.of(7));
    assertThat(ChangeIds.parse("a-change-" + "9".repeat(18)))
        .isEqualTo(OptionalLong.of(999_999_999_999_999_999L));
    assertThat(ChangeIds.parse("a-change-" + "1".repeat(19))).isEmpty();
    assertThat(ChangeIds.parse("-change-7")).isEmpty();
    assertThat(ChangeIds.parse("app-7")).isEmpty();
    assertThat(ChangeIds.parse("app-change-+7")).isEmpty();
    assertThat(ChangeIds.parse("app-change-")).isEmpty();
    assertThat(ChangeIds.parse("yesterday")).isEmpty();
    assertThat(ChangeIds.parse(null)).isEmpty();
  }

  @Test
  void whatOfMakesParseReads() {
    for (long number : new long[] {1, 7, 999_999, 1_000_000}) {
      assertThat(ChangeIds.parse(ChangeIds.of("team-a/web-change", number)))
          .isEqualTo(OptionalLong.of(number));
    }
  }
}
