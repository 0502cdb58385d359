package io.driftless.command.bench;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Runs {@link RollbackBenchmark} inside the build, so it needs no installed artifacts; not a test,
 * and left out unless asked for: {@code -Dbench.rollback="250 10"} (resources, rounds; command-side
 * README, "Rollback benchmark"). The figures go to the console and to {@code
 * target/rollback-benchmark.txt}.
 */
@EnabledIfSystemProperty(named = "bench.rollback", matches = ".*")
class RollbackBenchmarkIT {

  @Test
  void run() throws Exception {
    var args = System.getProperty("bench.rollback", "").trim().split("\\s+");
    var resources = args.length > 0 && !args[0].isEmpty() ? Integer.parseInt(args[0]) : 250;
    var rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    var text = new StringWriter();
    RollbackBenchmark.run(resources, rounds, new PrintWriter(text, true));
    System.out.print(text);
    Files.writeString(
        Path.of("target", "rollback-benchmark.txt"), text.toString(), StandardCharsets.UTF_8);
  }
}
