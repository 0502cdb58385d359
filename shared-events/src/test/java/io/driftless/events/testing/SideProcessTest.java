package io.driftless.events.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SideProcessTest {

  /** project.build.outputTimestamp (root pom.xml): the modification time of every built jar. */
  private static final FileTime REPRODUCIBLE = FileTime.from(Instant.parse("2026-11-21T00:00:00Z"));

  @TempDir Path target;

  @Test
  void runsTheExtractedLayoutWithItsArchiveWhenTheBuildMadeThem() throws Exception {
    var jar = jar("driftless-command-side.jar");
    var app = Files.createDirectories(target.resolve("app"));
    Files.setLastModifiedTime(Files.createFile(app.resolve(jar.getFileName())), REPRODUCIBLE);
    Files.createFile(app.resolve("driftless.jsa"));

    var spelledAsTheTestsDo =
        target.resolve("..").resolve(target.getFileName()).resolve(jar.getFileName());
    assertThat(SideProcess.launch(spelledAsTheTestsDo))
        .containsExactly(
            "-XX:SharedArchiveFile=" + app.resolve("driftless.jsa"),
            "-jar",
            app.resolve("driftless-command-side.jar").toString());
  }

  @Test
  void runsTheFatJarWithoutAnExtractedLayout() throws Exception {
    var jar = jar("driftless-query-side.jar");

    assertThat(SideProcess.launch(jar)).containsExactly("-jar", jar.toString());
  }

  @Test
  void runsTheFatJarWhenItWasRepackagedAfterTheArchiveWhateverItsModificationTime()
      throws Exception {
    var app = Files.createDirectories(target.resolve("app"));
    Files.createFile(app.resolve("driftless-query-side.jar"));
    var archive = Files.createFile(app.resolve("driftless.jsa"));
    var jar = target.resolve("driftless-query-side.jar");
    await()
        .atMost(Duration.ofSeconds(5))
        .until(
            () -> {
              Files.setLastModifiedTime(Files.write(jar, new byte[] {1}), REPRODUCIBLE);
              return SideProcess.written(jar).compareTo(SideProcess.written(archive)) > 0;
            });

    assertThat(SideProcess.launch(jar)).containsExactly("-jar", jar.toString());
  }

  private Path jar(String name) throws Exception {
    return Files.setLastModifiedTime(Files.createFile(target.resolve(name)), REPRODUCIBLE);
  }
}
