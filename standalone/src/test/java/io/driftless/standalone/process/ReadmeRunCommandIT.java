package io.driftless.standalone.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The README's run command as the build leaves it: its class-data sharing archive matches the
 * command ({@code -Xshare:on} makes the JVM refuse to start otherwise), and without the archive the
 * same command still starts, only slower.
 */
class ReadmeRunCommandIT {

  private static final Duration START = Duration.ofMinutes(2);

  private StandaloneServer server;

  @AfterEach
  void stopServer() throws Exception {
    if (server != null) {
      server.stop();
    }
  }

  @Test
  void theBuiltArchiveIsUsedByTheReadmeCommand() throws Exception {
    server = start(List.of("-Xshare:on"), "archive");

    var startup = server.awaitUp(START);
    System.out.printf("README command with its archive: %d ms to health UP%n", startup.toMillis());
  }

  @Test
  void theReadmeCommandStartsWithoutItsArchive() throws Exception {
    var missing = Path.of("standalone", "target", "no-such-archive.jsa");
    server = start(List.of("-XX:SharedArchiveFile=" + missing), "no-archive");

    var startup = server.awaitUp(START);
    System.out.printf("README command without archive: %d ms to health UP%n", startup.toMillis());
    assertThat(server.tail()).contains("Started DriftlessStandalone");
  }

  private static StandaloneServer start(List<String> jvmOptions, String name) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "readme-");
    return StandaloneServer.launch(
        jvmOptions, dataDir, dataDir.resolveSibling(dataDir.getFileName() + "-" + name + ".log"));
  }
}
