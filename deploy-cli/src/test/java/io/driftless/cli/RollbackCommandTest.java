package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.cli.FakeDriftlessServer.Reply;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Issue 27: {@code driftless rollback --to CHANGE}, a deploy of a recorded desired set. */
class RollbackCommandTest {

  private static final String ROLLBACK = "POST /api/apps/default/simple-app/rollback";
  private static final List<String> COMMAND =
      List.of("rollback", "-a", "simple-app", "--to", "simple-app-change-000002", "--no-auto-meta");

  private FakeDriftlessServer server;

  @BeforeEach
  void start() throws IOException {
    server = FakeDriftlessServer.start().answers(200, "deploy-answer.json");
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void rollsBackAtOnceOffATerminalAndPrintsThePlanAsADeployDoes() {
    var run = CliRun.of(COMMAND, "-m", "bad release", "--server", server.url());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests()).hasSize(1);
    var rollback = server.requests().get(0);
    assertThat(rollback.method() + " " + rollback.path()).isEqualTo(ROLLBACK);
    assertThat(rollback.query()).isEqualTo("to=simple-app-change-000002");
    assertThat(rollback.idempotencyKey()).isNotBlank();
    assertThat(rollback.header("Driftless-Message")).isEqualTo("bad release");
    assertThat(rollback.body()).isEmpty();
    assertThat(run.out()).isEqualTo(DeployCommandTest.CHANGES_TABLE + "\nSucceeded\n");
  }

  @Test
  void onATerminalShowsTheDryRunsPlanAndAsksBeforeRollingBack() {
    var run =
        CliRun.withTerminal(
            CliRun.answering("y"),
            COMMAND,
            "-c",
            "--wait-timeout",
            "2m",
            "--color",
            "never",
            "--server",
            server.url());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests())
        .extracting(RecordedRequest::query)
        .containsExactly(
            "to=simple-app-change-000002&dryRun=true&diffChanges=true&waitTimeout=2m",
            "to=simple-app-change-000002&diffChanges=true&waitTimeout=2m");
    var keys = server.requests().stream().map(RecordedRequest::idempotencyKey).toList();
    assertThat(keys.get(0)).isNotEqualTo(keys.get(1));
    assertThat(run.out())
        .startsWith(DeployCommandTest.CHANGES_TABLE + "\nContinue? [yN]: ")
        .endsWith("Succeeded\n");
  }

  @Test
  void anAnswerOtherThanYesRollsNothingBack() {
    var run = CliRun.withTerminal(CliRun.answering("n"), COMMAND, "--server", server.url());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err()).isEqualTo("Error: Stopped\n");
    assertThat(server.requests())
        .extracting(RecordedRequest::query)
        .containsExactly("to=simple-app-change-000002&dryRun=true");
  }

  @Test
  void namesTheSecretsWhoseSealNoKeyOpens() {
    server.route(
        ROLLBACK,
        () ->
            Reply.json(
                422,
                """
                {"error":"secret_unrecoverable",
                 "message":"2 Secrets of change simple-app-change-000002 cannot be recovered: no configured key opens their seals; nothing was applied.",
                 "details":["Secret default/db-password","Secret default/api-key"]}
                """));

    var run = CliRun.of(COMMAND, "--server", server.url());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "Error: 2 Secrets of change simple-app-change-000002 cannot be recovered: no"
                + " configured key opens their seals; nothing was applied.\n"
                + "  - Secret default/db-password\n"
                + "  - Secret default/api-key\n");
  }

  @Test
  void passesDeploysParametersTheRollbackTakes() {
    var run =
        CliRun.of(
            COMMAND,
            "--yes",
            "--diff-context",
            "5",
            "--diff-filter",
            "{\"ops\":[\"update\"]}",
            "--dangerous-allow-empty-list-of-resources",
            "--dangerous-override-ownership-of-existing-resources",
            "--server",
            server.url());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests().get(0).query())
        .isEqualTo(
            "to=simple-app-change-000002&diffContext=5&diffFilter={\"ops\":[\"update\"]}"
                + "&allowEmpty=true&overrideOwnership=true");
  }

  @Test
  void takesNoDiffMaskWhichTheRollbackRefuses() {
    var run = CliRun.of(COMMAND, "--diff-mask", "false", "--server", server.url());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void requiresTheChangeToRollBackTo() {
    var run = CliRun.of("rollback", "-a", "simple-app", "--server", server.url());

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--to=CHANGE");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void streamsTheProgressAsADeployDoes() {
    server.route(
        ROLLBACK,
        () ->
            new Reply(
                200,
                "application/x-ndjson",
                FakeDriftlessServer.resource("deploy-stream.ndjson"),
                Map.of()));

    var run = CliRun.of(COMMAND, "--yes", "--server", server.url());

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests().get(0).header("Accept")).startsWith(DriftlessApi.NDJSON);
    assertThat(run.out())
        .contains("10:00:01AM: ---- applying 2 changes [0/2 done] ----")
        .endsWith("Succeeded\n");
  }
}
