package io.driftless.command.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The rollback endpoint's parameters (issue 27 point 4). */
class RollbackParametersTest {

  private static BadParameterException refused(String query) {
    return catchThrowableOfType(BadParameterException.class, () -> RollbackParameters.parse(query));
  }

  @Test
  void readsToAndTheDeploysHowToParameters() {
    var parsed =
        RollbackParameters.parse(
            "to=web-change-000003&dryRun=true&allowEmpty=true&overrideOwnership=true"
                + "&waitTimeout=2m&diffChanges=true&diffContext=5&diffAgainstLastApplied=false");

    assertThat(parsed.to()).isEqualTo("web-change-000003");
    assertThat(parsed.dryRun()).isTrue();
    assertThat(parsed.allowEmpty()).isTrue();
    assertThat(parsed.overrideOwnership()).isTrue();
    assertThat(parsed.waitTimeout()).isEqualTo(Duration.ofMinutes(2));
    assertThat(parsed.diff().changes()).isTrue();
    assertThat(parsed.diff().context()).isEqualTo(5);
    assertThat(parsed.diff().mask()).isTrue();
    assertThat(parsed.diff().againstLastApplied()).isFalse();
    var options = parsed.options(Duration.ofMinutes(7));
    assertThat(options.syncPeriod()).isEqualTo(Duration.ofMinutes(7));
    // A rollback names no policy: the planner keeps the app's (Planner#plan).
    assertThat(options.ghostDiffPolicy()).isNull();
    assertThat(options.defaultLabelScopingRules()).isFalse();
  }

  @Test
  void absentOptionsTakeTheDeploysDefaults() {
    var parsed = RollbackParameters.parse("to=web-change-000001");

    assertThat(parsed.dryRun()).isFalse();
    assertThat(parsed.allowEmpty()).isFalse();
    assertThat(parsed.overrideOwnership()).isFalse();
    assertThat(parsed.waitTimeout()).isEqualTo(DeployOptions.defaults().waitTimeout());
    assertThat(parsed.diff().mask()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "dryRun=true", "to=", "to=yesterday", "to=web-change-", "to=a&to=b"})
  void aMissingOrMalformedToIsRefused(String query) {
    var e = refused(query);

    assertThat(e).isNotNull();
    assertThat(e.details()).anyMatch(d -> d.startsWith("to: "));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"diffMask=false", "syncPeriod=1m", "ghostDiffPolicy=yield", "allowempty=true"})
  void parametersARollbackDoesNotTakeAreRefused(String parameter) {
    var e = refused("to=web-change-000001&" + parameter);

    assertThat(e).isNotNull();
    assertThat(e.details()).anyMatch(d -> d.contains("unknown parameter"));
  }
}
