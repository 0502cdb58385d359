package io.driftless.diff.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.diff.CasePaths;
import io.driftless.diff.GoldenCase;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every golden case (the reference cases of {@code shared/diff-cases} and Driftless' own, in {@code
 * src/test/resources/io/driftless/diff/cases}) through the offline diff, the code path of {@code
 * driftless diff}: op, the exact set of changed paths, the applied checks, and no forbidden string
 * anywhere in the JSON or text output.
 */
class GoldenCasesTest {

  static List<GoldenCase> cases() {
    return GoldenCase.all();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void decidesLikeTheReference(GoldenCase golden) {
    JsonNode expected = golden.expected();
    var diff =
        OfflineDiff.run(
            new OfflineDiffRequest(
                golden.file("desired.yaml"),
                golden.file("last-applied.yaml"),
                golden.file("live.yaml"),
                golden.file("config.yaml"),
                golden.file("recorded-resource-version"),
                2,
                true));
    JsonNode json = diff.json();

    assertThat(json.path("op").asText()).isEqualTo(expected.path("op").asText());
    if (!List.of("create", "delete").contains(expected.path("op").asText())) {
      assertThat(json.path("fields").findValuesAsText("path"))
          .containsExactlyInAnyOrderElementsOf(golden.changed());
    }
    expected
        .path("applied")
        .properties()
        .forEach(
            check -> {
              JsonNode actual = CasePaths.at(json.path("applied"), check.getKey());
              if (check.getValue().isNull()) {
                assertThat(actual.isMissingNode()).as(check.getKey() + " absent").isTrue();
              } else {
                assertThat(actual).as(check.getKey()).isEqualTo(check.getValue());
              }
            });
    String output = json.toString() + diff.text();
    expected
        .path("forbidden")
        .forEach(secret -> assertThat(output).doesNotContain(secret.asText()));
  }
}
