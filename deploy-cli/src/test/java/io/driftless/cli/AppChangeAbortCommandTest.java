package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class AppChangeAbortCommandTest {

  private static final String PATH =
      "/api/apps/default/simple-app/changes/simple-app-change-000007/abort";

  private FakeDriftlessServer server;

  @BeforeEach
  void startServer() throws IOException {
    server =
        FakeDriftlessServer.start()
            .route(
                "POST " + PATH,
                () ->
                    FakeDriftlessServer.Reply.json(
                        200,
                        """
                        {"app":"default/simple-app","changeId":"simple-app-change-000007",
                         "successful":false,"description":"update: 0 create, 0 delete, 1 update",
                         "error":"aborted by ops-admin: webhook down","abortedBy":"ops-admin",
                         "at":"2026-11-27T10:00:00Z"}
                        """));
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  @Test
  void postsTheAbortWithItsReasonEncodedAndPrintsWhoAbortedIt() {
    var run = abort("--reason", "webhook down & 100% stuck", "--color", "never");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(server.requests())
        .singleElement()
        .satisfies(
            request -> {
              assertThat(request.method()).isEqualTo("POST");
              assertThat(request.path()).isEqualTo(PATH);
              assertThat(request.query()).isEqualTo("reason=webhook down & 100% stuck");
              assertThat(request.idempotencyKey()).isNull();
            });
    assertThat(run.out())
        .isEqualTo(
            """
            Change ID:   simple-app-change-000007
            Aborted by:  ops-admin
            At:          2026-11-27T10:00:00Z
            Error:       aborted by ops-admin: webhook down

            Succeeded
            """);
  }

  @Test
  void sendsNoQueryWithoutAReason() {
    assertThat(abort().exitCode()).isZero();
    assertThat(server.requests()).singleElement().extracting(RecordedRequest::query).isNull();
  }

  @Test
  void aChangeThatIsNotOpenExitsOneWithTheApisMessage() {
    server.route(
        "POST " + PATH,
        () ->
            FakeDriftlessServer.Reply.json(
                409,
                """
                {"error":"change_not_open","message":"Change simple-app-change-000007 of default/simple-app is not open: it finished at 2026-11-27T09:00:00Z."}
                """));

    var run = abort();

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).startsWith("Error: Change simple-app-change-000007").contains("not open");
  }

  @Test
  void onATerminalSaysWhatAbortDoesNotDoAndSendsNothingUnlessY() {
    var command =
        List.of(
            "app-change",
            "abort",
            "-a",
            "simple-app",
            "simple-app-change-000007",
            "--server",
            server.url());

    var refused = CliRun.withTerminal(CliRun.answering("n"), command, "--color", "never");

    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.out())
        .contains("a server still running it is not stopped")
        .endsWith("Continue? [yN]: ");
    assertThat(server.requests()).isEmpty();

    var accepted = CliRun.withTerminal(CliRun.answering("y"), command, "--color", "never");

    assertThat(accepted.exitCode()).as(accepted.err()).isZero();
    assertThat(server.requests()).extracting(RecordedRequest::method).containsExactly("POST");
  }

  private CliRun abort(String... args) {
    var command =
        List.of(
            "app-change",
            "abort",
            "-a",
            "simple-app",
            "simple-app-change-000007",
            "--server",
            server.url());
    return CliRun.of(command, args);
  }
}
