import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Time from a deploy's last cluster write to the CLI printing {@code Succeeded} (issue 15's figure).
 * Needs a standalone server on :8080 whose log goes to the file given (its {@code ChangeApplier}
 * logs {@code Applied ...} for each write, with an ISO time first). Deploys simple-app v2 and v1 in
 * turn with {@code --yes}, and prints every figure and the median.
 *
 * <pre>
 * java -jar standalone/target/app/driftless-standalone.jar > /tmp/server.log 2>&1 &
 * java deploy-cli/bench/SucceededLatency.java /tmp/server.log 12
 * </pre>
 */
public class SucceededLatency {
  public static void main(String[] args) throws Exception {
    var log = Path.of(args[0]);
    int runs = args.length > 1 ? Integer.parseInt(args[1]) : 12;
    List<Long> millis = new ArrayList<>();
    for (int i = 0; i < runs; i++) {
      var manifest = "examples/simple-app-v" + (i % 2 == 0 ? 2 : 1) + ".yml";
      var process =
          new ProcessBuilder(
                  "deploy-cli/target/driftless", "deploy", "-a", "simple-app", "-f", manifest, "--yes")
              .redirectErrorStream(true)
              .start();
      long succeeded = -1;
      try (var out = new BufferedReader(new InputStreamReader(process.getInputStream()))) {
        for (String line; (line = out.readLine()) != null; ) {
          if (line.strip().equals("Succeeded")) {
            succeeded = System.currentTimeMillis();
          }
        }
      }
      if (process.waitFor() != 0 || succeeded < 0) {
        throw new IllegalStateException("deploy " + i + " did not succeed");
      }
      var lastWrite =
          Files.readAllLines(log).stream()
              .filter(l -> l.contains("ChangeApplier") && l.contains("Applied "))
              .reduce((a, b) -> b)
              .orElseThrow();
      var at = LocalDateTime.parse(lastWrite.substring(0, 23)).toInstant(ZoneOffset.UTC);
      millis.add(succeeded - at.toEpochMilli());
    }
    System.out.println("last write -> Succeeded, ms: " + millis);
    var sorted = new ArrayList<>(millis);
    Collections.sort(sorted);
    System.out.printf(
        "median %d ms, min %d, max %d (%d deploys)%n",
        sorted.get(sorted.size() / 2), sorted.get(0), sorted.get(sorted.size() - 1), runs);
  }
}
