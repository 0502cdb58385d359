package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.driftless.events.ApplyMode;
import io.driftless.events.GhostDiffPolicy;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DeployParametersTest {

  private static BadParameterException refused(String query) {
    return catchThrowableOfType(BadParameterException.class, () -> DeployParameters.parse(query));
  }

  @Test
  void absentParametersTakeApiMdsDefaults() {
    var parsed = DeployParameters.parse(null);

    assertThat(parsed.options()).isEqualTo(DeployOptions.defaults());
    assertThat(parsed.diff().changes()).isFalse();
    assertThat(parsed.diff().context()).isEqualTo(2);
    assertThat(parsed.diff().mask()).isTrue();
    assertThat(parsed.diff().againstLastApplied()).isTrue();
    assertThat(DeployParameters.parse("").options()).isEqualTo(DeployOptions.defaults());
  }

  @Test
  void readsEveryParameter() {
    var parsed =
        DeployParameters.parse(
            "dryRun=true&allowEmpty=TRUE&overrideOwnership=true&defaultLabelScopingRules=false"
                + "&waitTimeout=1h30m&syncPeriod=1m30s&diffChanges=true&diffContext=0&diffMask=false"
                + "&ghostDiffPolicy=yield&applyMode=server-side&forceConflicts=true"
                + "&diffAgainstLastApplied=false&diffFilter=%7B%22ops%22%3A%5B%22update%22%5D%7D");

    assertThat(parsed.options())
        .isEqualTo(
            new DeployOptions(
                true,
                true,
                true,
                false,
                Duration.ofMinutes(90),
                Duration.ofSeconds(90),
                GhostDiffPolicy.YIELD,
                ApplyMode.SERVER_SIDE,
                true));
    assertThat(parsed.diff().changes()).isTrue();
    assertThat(parsed.diff().context()).isZero();
    assertThat(parsed.diff().mask()).isFalse();
    assertThat(parsed.diff().againstLastApplied()).isFalse();
  }

  @ParameterizedTest
  @CsvSource({
    "5m, PT5M",
    "30s, PT30S",
    "1h30m, PT1H30M",
    "500ms, PT0.5S",
    "1.5h, PT1H30M",
    ".5s, PT0.5S",
    "2h45m30.5s, PT2H45M30.5S",
    "300us, PT0.0003S",
    "300µs, PT0.0003S",
    "1ns, PT0.000000001S",
    "+10s, PT10S"
  })
  void readsDurationsAsKappsFlagsDo(String text, Duration expected) {
    assertThat(GoDuration.parse(text)).contains(expected);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"banana", "5", "5 m", "5M", "-5m", "1d", "m", "1.2.3s", "", "3000000h", "5m "})
  void refusesWhatIsNoGoDuration(String text) {
    assertThat(GoDuration.parse(text)).isEmpty();
  }

  @Test
  void namesTheParameterAndWhatItTakes() {
    assertThat(refused("waitTimeout=0s").getMessage())
        .isEqualTo(
            "Query parameter waitTimeout: must be a duration greater than 0 such as 5m, 30s, 1h30m"
                + " or 500ms (units: h, m, s, ms, us, ns), got \"0s\".");
    assertThat(refused("diffContext=-1").getMessage())
        .isEqualTo("Query parameter diffContext: must be an integer >= 0, got \"-1\".");
    assertThat(refused("diffContext=99999999999").details())
        .containsExactly("diffContext: must be an integer >= 0, got \"99999999999\"");
    assertThat(refused("dryRun").details())
        .containsExactly("dryRun: must be true or false, got \"\"");
  }

  @Test
  void ghostDiffPolicyIsReportOrYield() {
    assertThat(DeployParameters.parse("").options().ghostDiffPolicy())
        .isEqualTo(GhostDiffPolicy.REPORT);
    assertThat(DeployParameters.parse("ghostDiffPolicy=Report").options().ghostDiffPolicy())
        .isEqualTo(GhostDiffPolicy.REPORT);
    assertThat(DeployParameters.parse("ghostDiffPolicy=yield").options().ghostDiffPolicy())
        .isEqualTo(GhostDiffPolicy.YIELD);
    assertThat(refused("ghostDiffPolicy=ignore").getMessage())
        .contains("ghostDiffPolicy: must be report or yield, got \"ignore\"");
    assertThat(refused("ghostDiffPolicy=").getMessage())
        .contains("ghostDiffPolicy: must be report or yield, got \"\"");
  }

  @Test
  void applyModeIsUpdateOrServerSideAndAbsentUnlessGiven() {
    assertThat(DeployParameters.parse("").options().applyMode()).isNull();
    assertThat(DeployParameters.parse("").options().forceConflicts()).isFalse();
    assertThat(DeployParameters.parse("applyMode=update").options().applyMode())
        .isEqualTo(ApplyMode.UPDATE);
    assertThat(DeployParameters.parse("applyMode=server-side").options().applyMode())
        .isEqualTo(ApplyMode.SERVER_SIDE);
    assertThat(refused("applyMode=serverside").getMessage())
        .contains("applyMode: must be update or server-side, got \"serverside\"");
    assertThat(refused("forceConflicts=yes").getMessage())
        .contains("forceConflicts: must be true or false, got \"yes\"");
  }

  @Test
  void syncPeriodIsADurationOfAtLeastOneSecond() {
    assertThat(DeployParameters.parse("syncPeriod=1s").options().syncPeriod())
        .isEqualTo(Duration.ofSeconds(1));
    assertThat(DeployParameters.parse("").options().syncPeriod()).isNull();
    assertThat(refused("syncPeriod=500ms").getMessage())
        .contains("syncPeriod: must be at least 1s, got 500ms");
    assertThat(refused("syncPeriod=soon").getMessage()).contains("syncPeriod: must be a duration");
  }

  @Test
  void collectsEveryProblemAndSuggestsNamesForTypos() {
    var error = refused("DryRun=true&dry_run=true&diffContext=x&allowEmpty=1&allowEmpty=2&x=1");

    assertThat(error.getMessage()).isEqualTo("5 query parameters are invalid (see details).");
    assertThat(error.details())
        .containsExactlyInAnyOrder(
            "diffContext: must be an integer >= 0, got \"x\"",
            "allowEmpty: given 2 times; give it once",
            "DryRun: unknown parameter (did you mean dryRun?); accepted: "
                + String.join(", ", DeployParameters.NAMES),
            "dry_run: unknown parameter (did you mean dryRun?); accepted: "
                + String.join(", ", DeployParameters.NAMES),
            "x: unknown parameter; accepted: " + String.join(", ", DeployParameters.NAMES));
  }

  @Test
  void refusesBrokenPercentEncoding() {
    assertThat(refused("dryRun=%zz").getMessage())
        .isEqualTo("The query string is not valid percent-encoding.");
  }

  @Test
  void cutsLongValuesShortInMessages() {
    var error = refused("dryRun=" + "y".repeat(500));

    assertThat(error.getMessage()).hasSizeLessThan(150).contains("yyy...\"");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"ops\":[\"create\"] | diffFilter: is not JSON: Unexpected end-of-input",
        "\"ops\" | diffFilter: must be a JSON object",
        "{\"ops\":\"update\"} | diffFilter: ops must be a list of strings",
        "{\"ops\":[1]} | diffFilter: ops must be a list of strings",
        "{\"Ops\":[\"update\"]} | diffFilter: Ops: unknown key (did you mean ops?)",
        "{\"and\":{\"ops\":[\"update\"]}} | diffFilter: and must be a list of filters",
        "{\"or\":[{\"not\":{\"newResource\":{\"labelSelector\":[\"a=b\"]}}}]}"
            + " | diffFilter: or[0].not.newResource.labelSelector: unknown key (use labels",
        "{\"existingResource\":[\"ConfigMap\"]} | diffFilter: existingResource must be a JSON object",
        "{\"ops\":[\"update\"]}{} | diffFilter: is not JSON",
        "{\"ops\":[\"update\"],\"ops\":[\"create\"]} | diffFilter: is not JSON: Duplicate field"
      })
  void refusesFiltersTheEngineWouldNotReadFully(String filter, String detail) {
    var error =
        refused(
            "diffFilter="
                + java.net.URLEncoder.encode(filter, java.nio.charset.StandardCharsets.UTF_8));

    assertThat(error.details()).singleElement().asString().startsWith(detail);
    assertThat(error.getMessage()).doesNotContain("Exception").doesNotContain("java.");
  }

  @Test
  void acceptsKappsDocumentedFilter() {
    var filter =
        "{\"and\":[{\"ops\":[\"update\"]},{\"existingResource\":{\"kinds\":[\"Deployment\"]}}]}";

    assertThat(DiffFilterSyntax.problems(filter)).isEmpty();
  }
}
