package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DeleteCommandTest {

  private FakeDriftlessServer server;

  @BeforeEach
  void startServer() throws IOException {
    server = FakeDriftlessServer.start().answers(200, "delete-answer.json");
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  @Test
  void sendsDeleteWithoutBodyToTheAppPath() {
    var run = delete();

    assertThat(run.exitCode()).isZero();
    assertThat(server.requests())
        .extracting(RecordedRequest::bare)
        .containsExactly(
            new RecordedRequest("DELETE", "/api/apps/default/simple-app", null, null, ""));
  }

  @Test
  void printsTheDeletesAsKappsChangesTableThenSucceeded() {
    var run = delete();

    assertThat(run.out())
        .isEqualTo(
            """
            Changes

            Namespace  Name               Kind        Conds.  Age  Op      Op st.  Wait to  Rs  Ri
            default    simple-app         Deployment  -       -    delete  -       delete   -   -
            ^          simple-app-config  ConfigMap   -       -    delete  -       delete   -   -

            Op:      0 create, 2 delete, 0 update, 0 noop, 0 exists
            Wait to: 0 reconcile, 2 delete, 0 noop

            Succeeded
            """);
  }

  @Test
  void printsTheServerAnswerAsJsonInJsonMode() {
    var run = delete("-o", "json");

    assertThat(Json.readOrMissing(run.out()))
        .isEqualTo(Json.readOrMissing(FakeDriftlessServer.resource("delete-answer.json")));
  }

  @Test
  void reportsAChangeInProgressOnStderrWithExitCodeOne() {
    server.answers(409, "change-in-progress-error.json");

    var run = delete();

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.out()).isEmpty();
    assertThat(run.err().lines())
        .containsExactly(
            "Error: Another change of default/simple-app is in progress.",
            "  - simple-app-change-000009 started 2026-11-21T10:00:00Z");
  }

  @Test
  void onATerminalListsTheLiveResourcesAsDeletesAndSendsNothingUnlessY() {
    server.route(
        "GET /api/apps/default/simple-app/resources",
        () ->
            FakeDriftlessServer.Reply.json(
                200,
                """
                [{"namespace":"default","name":"simple-app","kind":"Deployment","live":true},
                 {"namespace":"default","name":"gone","kind":"Service","live":false}]
                """));
    var command = List.of("delete", "-a", "simple-app", "--server", server.url());

    var refused = CliRun.withTerminal(CliRun.answering("n"), command, "--color", "never");

    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.out())
        .contains("default    simple-app  Deployment  -       -    delete  -       delete")
        .doesNotContain("gone")
        .endsWith("Continue? [yN]: ");
    assertThat(server.requests()).extracting(RecordedRequest::method).containsExactly("GET");

    var accepted = CliRun.withTerminal(CliRun.answering("y"), command, "--color", "never");

    assertThat(accepted.exitCode()).as(accepted.err()).isZero();
    assertThat(server.requests()).extracting(RecordedRequest::method).endsWith("GET", "DELETE");
  }

  private CliRun delete(String... args) {
    var command = List.of("delete", "-a", "simple-app", "-n", "default", "--server", server.url());
    return CliRun.of(command, args);
  }
}
