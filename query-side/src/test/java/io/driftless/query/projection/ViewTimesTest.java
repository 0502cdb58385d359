package io.driftless.query.projection;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

class ViewTimesTest {

  @Test
  void millisCutsSubMillisecondDigitsInsteadOfRoundingThem() {
    var at = Instant.parse("2026-11-27T07:45:10.123999999Z");

    assertThat(ViewTimes.millis(at).toInstant())
        .isEqualTo(Instant.parse("2026-11-27T07:45:10.123Z"))
        .isEqualTo(at.truncatedTo(ChronoUnit.MILLIS));
    assertThat(ViewTimes.millis(at).getTime()).isEqualTo(at.toEpochMilli());
  }

  @Test
  void microsCutsSubMicrosecondDigits() {
    var at = Instant.parse("2026-11-27T07:45:10.123456999Z");

    assertThat(ViewTimes.micros(at).toInstant())
        .isEqualTo(Instant.parse("2026-11-27T07:45:10.123456Z"));
  }

  @Test
  void instantsBeforeTheEpochAreCutTowardsTheEarlierMillisecondAsTheFoldCutsThem() {
    var at = Instant.parse("1969-12-31T23:59:59.999700Z");

    assertThat(ViewTimes.millis(at).toInstant()).isEqualTo(at.truncatedTo(ChronoUnit.MILLIS));
    assertThat(ViewTimes.millis(at).getTime()).isEqualTo(at.toEpochMilli());
  }

  @Test
  void wholeMillisecondsAndNullAreKeptAsTheyAre() {
    var at = Instant.parse("2026-11-27T07:45:10.123Z");

    assertThat(ViewTimes.millis(at)).isEqualTo(Timestamp.from(at));
    assertThat(ViewTimes.micros(at)).isEqualTo(Timestamp.from(at));
    assertThat(ViewTimes.millis(null)).isNull();
    assertThat(ViewTimes.micros(null)).isNull();
  }
}
