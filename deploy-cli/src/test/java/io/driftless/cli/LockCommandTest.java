package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.cli.FakeDriftlessServer.Reply;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 27: {@code driftless lock}, {@code unlock}, and a deploy or delete refused by a lock. */
class LockCommandTest {

  private static final String LOCK = "/api/apps/default/simple-app/lock";
  private static final String LOCKED =
      """
      {"error":"app_locked",
       "message":"App default/simple-app is locked by alice since 2026-11-27T09:00:00Z: release freeze.",
       "details":[]}
      """;

  @TempDir Path manifests;
  private FakeDriftlessServer server;

  @BeforeEach
  void start() throws IOException {
    server = FakeDriftlessServer.start();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void lockPostsTheReasonAndPrintsWhoWhenAndWhy() {
    server.route(
        "POST " + LOCK,
        () ->
            Reply.json(
                200,
                """
                {"app":"default/simple-app","changeId":"simple-app-change-000008",
                 "lockedBy":"alice","lockedAt":"2026-11-27T09:00:00Z","reason":"release freeze"}
                """));

    var run =
        run(
            "lock",
            "-a",
            "simple-app",
            "--reason",
            "release \"freeze\"",
            "-m",
            "see OPS-7",
            "--no-auto-meta");

    assertThat(run.exitCode()).as(run.err()).isZero();
    var lock = server.requests().get(0);
    assertThat(lock.method()).isEqualTo("POST");
    assertThat(lock.path()).isEqualTo(LOCK);
    assertThat(lock.contentType()).isEqualTo("application/json");
    assertThat(Json.readOrMissing(lock.body()).path("reason").asText())
        .isEqualTo("release \"freeze\"");
    assertThat(lock.header("Driftless-Message")).isEqualTo("see OPS-7");
    assertThat(lock.idempotencyKey()).isNull();
    assertThat(run.out())
        .isEqualTo(
            """
            App:         default/simple-app
            Locked by:   alice
            Locked at:   2026-11-27T09:00:00Z
            Reason:      release freeze
            Change ID:   simple-app-change-000008

            Succeeded
            """);
  }

  @Test
  void lockNeedsAReason() {
    var run = run("lock", "-a", "simple-app");

    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("--reason=TEXT");
    assertThat(server.requests()).isEmpty();
  }

  @Test
  void unlockDeletesTheLockAndPrintsWhoEndedWhosLock() {
    server.route(
        "DELETE " + LOCK,
        () ->
            Reply.json(
                200,
                """
                {"app":"default/simple-app","changeId":"simple-app-change-000009",
                 "locked":false,"lockedBy":"alice","lockedAt":"2026-11-27T09:00:00Z",
                 "reason":"release freeze","unlockedBy":"bob","unlockedAt":"2026-11-27T11:00:00Z"}
                """));

    var run = run("unlock", "-a", "simple-app", "--meta", "ticket=OPS-7", "--no-auto-meta");

    assertThat(run.exitCode()).as(run.err()).isZero();
    var unlock = server.requests().get(0);
    assertThat(unlock.method() + " " + unlock.path()).isEqualTo("DELETE " + LOCK);
    assertThat(unlock.header("Driftless-Meta-ticket")).isEqualTo("OPS-7");
    assertThat(run.out())
        .isEqualTo(
            """
            App:         default/simple-app
            Unlocked by: bob
            Unlocked at: 2026-11-27T11:00:00Z
            Locked by:   alice
            Locked at:   2026-11-27T09:00:00Z
            Reason:      release freeze
            Change ID:   simple-app-change-000009

            Succeeded
            """);
  }

  @Test
  void readsTheLockOfAnAnswerThatNestsIt() {
    server.route(
        "DELETE " + LOCK,
        () ->
            Reply.json(
                200,
                """
                {"changeId":"simple-app-change-000009","actor":"bob","at":"2026-11-27T11:00:00Z",
                 "lock":{"lockedBy":"alice","reason":"release freeze"}}
                """));

    var run = run("unlock", "-a", "simple-app", "--no-auto-meta");

    assertThat(run.out())
        .contains("Unlocked by: bob\nUnlocked at: 2026-11-27T11:00:00Z\nLocked by:   alice\n")
        .contains("Locked at:   -\nReason:      release freeze\n");
  }

  @Test
  void aDeployRefusedByALockSaysWhoLockedItWhenWhyAndHowToUnlock() throws IOException {
    server.route("POST /api/apps/default/simple-app/deploy", () -> Reply.json(423, LOCKED));
    var manifest = Files.writeString(manifests.resolve("app.yaml"), "kind: ConfigMap\n");

    var run = run("deploy", "-a", "simple-app", "-f", manifest.toString());

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .isEqualTo(
            "Error: App default/simple-app is locked by alice since 2026-11-27T09:00:00Z: release"
                + " freeze.\n"
                + "  - the locker or an admin lifts the lock: driftless unlock -a simple-app -n"
                + " default\n");
  }

  @Test
  void inspectSaysWhoLockedTheAppWhenAndWhy() {
    server.route("GET /api/apps/default/simple-app/resources", () -> Reply.json(200, "[]"));
    server.route(
        "GET /api/apps/default/simple-app",
        () ->
            Reply.json(
                200,
                """
                {"driftCount":0,"ghostDiffCount":0,"locked":true,"lockedBy":"alice",
                 "lockedAt":"2026-11-27T09:00:00Z","lockReason":"release freeze"}
                """));

    var run = run("inspect", "-a", "simple-app");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out())
        .contains("\nLocked: by alice since 2026-11-27T09:00:00Z: release freeze\n");
  }

  @Test
  void aDeleteRefusedByALockSaysSoToo() {
    server.route("DELETE /api/apps/default/simple-app", () -> Reply.json(423, LOCKED));

    var run = run("delete", "-a", "simple-app");

    assertThat(run.exitCode()).isEqualTo(1);
    assertThat(run.err())
        .startsWith("Error: App default/simple-app is locked by alice")
        .contains("driftless unlock -a simple-app -n default");
  }

  private CliRun run(String... args) {
    return CliRun.of(List.of(args), "--server", server.url());
  }
}
