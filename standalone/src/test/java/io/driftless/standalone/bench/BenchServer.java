package io.driftless.standalone.bench;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * What the benchmark ITs of this package share: a standalone server on its embedded defaults in a
 * data folder of its own with no reconciles of its own, and the figures printed and kept in {@code
 * target/<file>}.
 */
final class BenchServer {

  /** A benchmark's run, printing to {@code out}. */
  interface Run {
    void run(PrintWriter out) throws Exception;
  }

  private BenchServer() {}

  /** Embedded defaults, a fresh data folder, a free sandbox port, reconciles off. */
  static void embedded(DynamicPropertyRegistry registry) throws Exception {
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "data-");
    registry.add("driftless.data-dir", dataDir::toString);
    registry.add("driftless.sandbox.port", () -> 0);
    registry.add("driftless.reconcile.enabled", () -> "false");
  }

  /** Runs {@code run}, then prints what it printed and writes it to {@code target/<file>}. */
  static void report(String file, Run run) throws Exception {
    var text = new StringWriter();
    var out = new PrintWriter(text, true);
    try {
      run.run(out);
    } finally {
      System.out.print(text);
      Files.writeString(Path.of("target", file), text.toString(), StandardCharsets.UTF_8);
    }
  }
}
