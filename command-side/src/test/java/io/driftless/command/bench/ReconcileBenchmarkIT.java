package io.driftless.command.bench;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Runs {@link ReconcileBenchmark} (issue 12's reconcile benchmark) inside the build, so it needs no
 * installed artifacts; not a test, and left out unless asked for: {@code
 * -Dbench.reconcile="--seconds=60"} (command-side README, "Benchmark"). The figures go to the
 * console and to {@code target/reconcile-benchmark.txt}.
 */
@EnabledIfSystemProperty(named = "bench.reconcile", matches = ".*")
class ReconcileBenchmarkIT {

  @Test
  void run() throws Exception {
    var args = System.getProperty("bench.reconcile", "").trim().split("\\s+");
    var report = Path.of("target", "reconcile-benchmark.txt");
    try (var file = Files.newBufferedWriter(report, StandardCharsets.UTF_8)) {
      var both =
          new java.io.Writer() {
            @Override
            public void write(char[] text, int offset, int length) throws java.io.IOException {
              System.out.print(new String(text, offset, length));
              file.write(text, offset, length);
            }

            @Override
            public void flush() throws java.io.IOException {
              System.out.flush();
              file.flush();
            }

            @Override
            public void close() {}
          };
      ReconcileBenchmark.run(ReconcileBenchmark.Options.parse(args), new PrintWriter(both, true));
    }
  }
}
