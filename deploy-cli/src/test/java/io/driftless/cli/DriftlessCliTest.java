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
  void requiresTheAppNamespaceAndFilesOfADeploy() {
    var run = CliRun.of("deploy");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--app=APP", "--namespace=NAMESPACE", "--file=FILE");
  }
}
