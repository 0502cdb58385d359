package io.driftless.command.change;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConcurrentStartExceptionTest {

  @Test
  void theMessageNamesTheAppThenTheWinnersChange() {
    var refused =
        new ConcurrentStartException(
            "default/cli-raced", "cli-raced-change-000001", new IllegalStateException("taken"));

    // The app id stands as a word of its own (clients and the CLI's tests match "<app> ...").
    assertThat(refused.getMessage())
        .isEqualTo(
            "another change of app default/cli-raced started at the same moment"
                + " (cli-raced-change-000001); try again")
        .containsPattern("default/cli-raced .*started at the same moment");
  }
}
