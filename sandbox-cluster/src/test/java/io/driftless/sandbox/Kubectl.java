package io.driftless.sandbox;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The real {@code kubectl} on the PATH, run against a sandbox through the kubeconfig it wrote, each
 * run with a discovery cache of its own (so a run sees the CRDs stored before it). Tests using it
 * are skipped when there is no {@code kubectl} (CI installs one).
 */
final class Kubectl {

  /** What a run printed and how it ended. */
  record Result(int exitCode, String out, String err) {}

  private final Path kubeconfig;
  private final Path cacheRoot;
  private int runs;

  Kubectl(Path kubeconfig, Path cacheRoot) {
    this.kubeconfig = kubeconfig;
    this.cacheRoot = cacheRoot;
  }

  /** Skips the test unless {@code kubectl} is on the PATH. */
  static void assumeInstalled() {
    var path = System.getenv().getOrDefault("PATH", "");
    var found =
        List.of(path.split(File.pathSeparator)).stream()
            .anyMatch(dir -> Files.isExecutable(Path.of(dir, "kubectl")));
    assumeTrue(found, "kubectl is not on the PATH");
  }

  Result run(String... args) {
    var command = new ArrayList<String>();
    command.add("kubectl");
    command.add("--kubeconfig=" + kubeconfig);
    command.add("--cache-dir=" + cacheRoot.resolve("cache-" + ++runs));
    command.addAll(List.of(args));
    try {
      var out = Files.createTempFile(cacheRoot, "out", ".txt");
      var err = Files.createTempFile(cacheRoot, "err", ".txt");
      var process =
          new ProcessBuilder(command)
              .redirectOutput(out.toFile())
              .redirectError(err.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException("kubectl did not end within 60 s: " + command);
      }
      return new Result(
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
