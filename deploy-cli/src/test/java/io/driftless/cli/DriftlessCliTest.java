package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DriftlessCliTest {

  @Test
  void listsDeployAndDeleteInItsHelp() {
    var run = CliRun.of("--help");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("Usage: driftless", "deploy", "delete");
  }

  @Test
  void asksForACommandWhenGivenNone() {
    var run = CliRun.of();

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("Missing required command", "Usage: driftless");
  }

  @Test
  void requiresTheAppAndFilesOfADeploy() {
    var run = CliRun.of("deploy");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--app=APP", "--file=FILE");
  }

  @Test
  void listsKappsCommandsInItsHelp() {
    var run = CliRun.of("--help");

    assertThat(run.out())
        .contains(
            "deploy",
            "delete",
            "reconcile",
            "ls",
            "inspect",
            "app-change",
            "ghost-diffs",
            "projections",
            "diff",
            "completion");
  }

  @Test
  void listsTheTimeTravelCommandsInItsHelp() {
    var run = CliRun.of("--help");

    assertThat(run.out()).contains("rollback", "lock", "unlock", "audit", "inventory");
  }

  @Test
  void completesTheTimeTravelCommandsAndTheirOptions() {
    var run = CliRun.of("completion");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out())
        .contains("rollback", "unlock", "audit", "inventory", "--no-auto-meta", "--to");
  }

  @Test
  void generatesABashCompletionScript() {
    var run = CliRun.of("completion");

    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("complete -F", "driftless", "app-change");
  }
}
