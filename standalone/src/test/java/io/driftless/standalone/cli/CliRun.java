package io.driftless.standalone.cli;

import io.driftless.cli.DriftlessCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** One {@code driftless} command run in this JVM against the test's server: exit code, output. */
record CliRun(int exitCode, String out, String err) {

  static CliRun run(String server, List<String> args) {
    return run(server, args, new StringWriter(), new StringWriter());
  }

  /** The same, printing into {@code out} and {@code err}, which a test may read meanwhile. */
  static CliRun run(String server, List<String> args, StringWriter out, StringWriter err) {
    var all = new ArrayList<>(args);
    all.add("--server");
    all.add(server);
    var exitCode =
        DriftlessCli.execute(
            Map.of(),
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            all.toArray(String[]::new));
    return new CliRun(exitCode, out.toString(), err.toString());
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- out\n" + out + "--- err\n" + err;
  }
}
