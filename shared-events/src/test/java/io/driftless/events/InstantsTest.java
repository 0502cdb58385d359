package io.driftless.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InstantsTest {

  @Test
  void agreesWithInstantParseOnRandomInstantsOfEveryFractionLength() {
    var random = new Random(42);
    for (int i = 0; i < 20_000; i++) {
      var instant =
          Instant.ofEpochSecond(
              random.nextLong(-62_135_596_800L, 253_402_300_799L), random.nextInt(1_000_000_000));
      var text = instant.toString(); // 0, 3, 6 or 9 fraction digits
      var digits = random.nextInt(10); // and any other length, cut from the 9-digit form
      var nine = String.format("%09d", instant.getNano());
      var cut = text.substring(0, 19) + (digits == 0 ? "" : "." + nine.substring(0, digits)) + "Z";

      assertThat(Instants.parse(text)).isEqualTo(Instant.parse(text)).isEqualTo(instant);
      assertThat(Instants.parse(cut)).isEqualTo(Instant.parse(cut));
      assertThat(Instants.ofIsoUtc(cut)).as(cut).isNotNull();
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2024-02-29T23:59:59.999999999Z",
        "1970-01-01T00:00:00Z",
        "0000-01-01T00:00:00Z",
        "2026-11-21T10:15:30+01:00",
        "+12026-11-21T10:15:30Z",
        "2026-11-21T10:15:30.Z"
      })
  void unusualButValidFormsReadAsInstantParseReadsThem(String text) {
    assertThat(Instants.parse(text)).isEqualTo(Instant.parse(text));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "2023-02-29T00:00:00Z",
        "2026-13-01T00:00:00Z",
        "2026-11-31T00:00:00Z",
        "2026-11-21T25:00:00Z",
        "2026-11-21T10:61:00Z",
        "2026-11-21 10:15:30Z",
        "2026-11-21T10:15:30.1234567890Z",
        "2026-11-21T10:15:3xZ",
        "2026-11-21T10:15:30",
        ""
      })
  void whatInstantParseRefusesIsRefused(String text) {
    assertThatThrownBy(() -> Instant.parse(text)).isInstanceOf(DateTimeParseException.class);
    assertThatThrownBy(() -> Instants.parse(text)).isInstanceOf(DateTimeParseException.class);
  }

  @Test
  void theEventMapperReadsInstantsThroughItAndStillTakesNumbers() throws Exception {
    var mapper = EventCodec.newMapper();

    assertThat(mapper.readValue("\"2026-11-21T10:15:30.5Z\"", Instant.class))
        .isEqualTo(Instant.parse("2026-11-21T10:15:30.500Z"));
    assertThat(mapper.readValue("\"2026-11-21T11:15:30+01:00\"", Instant.class))
        .isEqualTo(Instant.parse("2026-11-21T10:15:30Z"));
    assertThat(mapper.readValue("1763720130.5", Instant.class))
        .isEqualTo(Instant.ofEpochSecond(1_763_720_130L, 500_000_000));
    assertThatThrownBy(() -> mapper.readValue("\"2026-02-30T00:00:00Z\"", Instant.class))
        .isInstanceOf(InvalidFormatException.class);
  }
}
