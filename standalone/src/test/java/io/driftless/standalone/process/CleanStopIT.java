package io.driftless.standalone.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 25, point 8, with the README's run command as a real process: a normal stop (SIGTERM) logs
 * no error and no stack trace (H2 closed by its own shutdown hook under the relay's feet logged
 * {@code Database is already closed}), and a second server on the same data folder stops at once
 * with one sentence naming the folder and the first server's PID (it printed a 208-line stack trace
 * from deep in Flyway's start).
 */
class CleanStopIT {

  private static final Duration START = Duration.ofMinutes(2);
  private static final Path EXAMPLES = Path.of("..", "examples");

  private final List<StandaloneServer> servers = new ArrayList<>();

  @AfterEach
  void stopServers() throws Exception {
    for (var server : servers) {
      server.stop();
    }
  }

  @Test
  void aNormalStopAfterADeployLogsNoErrorAndNoStackTrace() throws Exception {
    var dataDir = dataDir();
    var server = launch(dataDir, "stop");
    server.awaitUp(START);
    var deploy =
        server.deploy("simple-app", Files.readString(EXAMPLES.resolve("simple-app-v1.yml")));
    assertThat(deploy.statusCode()).as(deploy.body()).isEqualTo(200);
    await("the change in the views")
        .atMost(Duration.ofSeconds(30))
        .until(() -> server.changes("simple-app").size() == 1);

    server.stop();

    var output = server.output();
    assertThat(output).as(server.tail()).anyMatch(line -> line.contains("Shutdown completed"));
    assertThat(output)
        .as(server.tail())
        .noneMatch(line -> line.contains(" ERROR "))
        .noneMatch(line -> line.contains("already closed"))
        .noneMatch(line -> line.startsWith("\tat "));
  }

  @Test
  void aSecondServerOnTheSameDataFolderExitsAtOnceNamingTheFolderAndTheFirstServersPid()
      throws Exception {
    var dataDir = dataDir();
    var first = launch(dataDir, "first");
    first.awaitUp(START);
    var started = System.nanoTime();

    var second = launch(dataDir, "second");
    var exitCode = second.awaitExit(Duration.ofSeconds(60));

    var took = Duration.ofNanos(System.nanoTime() - started);
    System.out.printf("The second server exited with %d after %d ms%n", exitCode, took.toMillis());
    assertThat(exitCode).as(second.tail()).isNotZero();
    var lines = second.output().stream().filter(line -> !line.isBlank()).toList();
    assertThat(lines).as(second.tail()).hasSize(1);
    assertThat(lines.get(0))
        .contains("data folder " + dataDir)
        .contains("in use by another Driftless server (PID " + first.pid() + ")");
    assertThat(took).isLessThan(Duration.ofSeconds(30));
    // the first server goes on
    assertThat(first.isAlive()).as(first.tail()).isTrue();
    assertThat(first.changes("simple-app")).isEmpty();
    first.awaitUp(Duration.ofSeconds(5));
  }

  private StandaloneServer launch(Path dataDir, String name) throws Exception {
    var server =
        StandaloneServer.launch(
            dataDir, dataDir.resolveSibling(dataDir.getFileName() + "-" + name + ".log"));
    servers.add(server);
    return server;
  }

  private static Path dataDir() throws Exception {
    return Files.createTempDirectory(Path.of("target").toAbsolutePath(), "clean-stop-");
  }
}
