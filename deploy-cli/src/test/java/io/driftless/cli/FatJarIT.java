package io.driftless.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs target/driftless-cli.jar as users do: proves the manifest and the shaded dependencies. */
class FatJarIT {

  private static final Path JAR = Path.of(System.getProperty("driftless.cli.jar"));

  @TempDir Path dir;

  @Test
  void printsHelpFromTheExecutableJar() throws Exception {
    var result = java("--help");

    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).contains("Usage: driftless", "deploy", "delete");
  }

  @Test
  void deploysThroughTheExecutableJar() throws Exception {
    var manifest = Files.writeString(dir.resolve("app.yaml"), "kind: ConfigMap\n");
    try (var server = FakeDriftlessServer.start().answers(200, "deploy-answer.json")) {
      var result =
          java(
              "deploy",
              "-a",
              "simple-app",
              "-n",
              "default",
              "-f",
              manifest.toString(),
              "--server",
              server.url());

      assertThat(result.exitCode()).isZero();
      assertThat(result.out()).contains("Op:      1 create").endsWith("Succeeded\n");
      assertThat(server.requests())
          .singleElement()
          .extracting(RecordedRequest::body)
          .isEqualTo("kind: ConfigMap\n");
      // The packaged jar knows its version (the manifest's Implementation-Version): issue 27's
      // provenance records it as the change's client.
      assertThat(server.requests().get(0).header("User-Agent")).matches("driftless-cli/\\d.*");
    }
  }

  @Test
  void diffsOfflineThroughTheExecutableJarWithKappsExitStatus() throws Exception {
    var desired =
        Files.writeString(
            dir.resolve("desired.yaml"),
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: '2'}\n");
    var live =
        Files.writeString(
            dir.resolve("live.yaml"),
            "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: default}\n"
                + "data: {a: '1'}\n");

    var update =
        java(
            "diff",
            "--desired",
            desired.toString(),
            "--live",
            live.toString(),
            "-o",
            "json",
            "--exit-status");
    var same =
        java("diff", "--desired", live.toString(), "--live", live.toString(), "--exit-status");

    assertThat(update.exitCode()).as(update.err()).isEqualTo(3);
    assertThat(update.out()).contains("\"path\" : \"data.a\"");
    assertThat(same.exitCode()).as(same.err()).isEqualTo(2);
  }

  @Test
  void theLauncherScriptRunsTheJarAndTheBuildWroteTheCompletionScript() throws Exception {
    var launcher = Path.of(System.getProperty("driftless.cli.launcher"));
    var link = Files.createSymbolicLink(dir.resolve("driftless"), launcher);

    var version = run(List.of(link.toString(), "--version"));
    var help = run(List.of(link.toString(), "deploy", "--help"));

    assertThat(version.exitCode()).as(version.err()).isZero();
    assertThat(version.out()).startsWith("driftless 0.1.0");
    assertThat(help.out()).contains("--diff-exit-status", "--wait-timeout", "--yes");
    assertThat(launcher.resolveSibling("driftless_completion"))
        .content()
        .contains("complete -F", "app-change");
  }

  private CliRun java(String... args) throws IOException, InterruptedException {
    var command = new ArrayList<>(List.of(javaBinary(), "-jar", JAR.toString()));
    command.addAll(List.of(args));
    return run(command);
  }

  private CliRun run(List<String> command) throws IOException, InterruptedException {
    var process = new ProcessBuilder(command).redirectError(dir.resolve("stderr").toFile()).start();
    var out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    var err = Files.readString(dir.resolve("stderr"));
    return new CliRun(process.exitValue(), out, err);
  }

  private static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
