package io.driftless.standalone.process;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The state of one outside-edit fuzz run: the server process of the moment (a restart replaces it),
 * the sandbox and API clients, which apps are deployed, and what was counted and found. Actions and
 * invariants report here; the test prints it at the end.
 */
final class FuzzRun {

  static final Duration START = Duration.ofMinutes(3);

  private final long seed;
  private final Path dataDir;
  private final FuzzSandbox sandbox;
  private final FuzzApi api;
  private final Map<String, FuzzApp> apps = new LinkedHashMap<>();
  private final Set<String> deployed = new TreeSet<>();
  private final Set<String> everDeployed = new TreeSet<>();
  private final Map<String, Integer> actionsByKind = new TreeMap<>();
  private final Map<String, Integer> answers = new TreeMap<>();
  private final Map<String, Violation> violations = new LinkedHashMap<>();
  private final List<Path> logs = new ArrayList<>();
  private final List<Instant> stops = new ArrayList<>();
  private StandaloneServer server;
  private int step = -1;
  private String action = "(start)";

  FuzzRun(long seed, Path dataDir, Collection<FuzzApp> apps) {
    this.seed = seed;
    this.dataDir = dataDir;
    this.sandbox = new FuzzSandbox(dataDir);
    this.api = new FuzzApi(path -> server.uri(path));
    apps.forEach(app -> this.apps.put(app.name(), app));
  }

  long seed() {
    return seed;
  }

  Path dataDir() {
    return dataDir;
  }

  FuzzSandbox sandbox() {
    return sandbox;
  }

  FuzzApi api() {
    return api;
  }

  List<FuzzApp> apps() {
    return List.copyOf(apps.values());
  }

  FuzzApp app(String name) {
    return apps.get(name);
  }

  /** The apps deployed and not deleted since, by name. */
  List<String> deployed() {
    return List.copyOf(deployed);
  }

  /** Every app that was ever deployed (its history stays). */
  List<String> everDeployed() {
    return List.copyOf(everDeployed);
  }

  void deployed(String app) {
    deployed.add(app);
    everDeployed.add(app);
  }

  void deletedApp(String app) {
    deployed.remove(app);
  }

  /** Starts the server (the first time, or after a stop) with {@code options} as JVM options. */
  Duration start(List<String> options) throws Exception {
    var log = dataDir.resolveSibling(dataDir.getFileName() + "-" + logs.size() + ".log");
    logs.add(log);
    server = StandaloneServer.launch(options, dataDir, log);
    var up = server.awaitUp(START);
    sandbox.reload();
    return up;
  }

  /** Stops the server ({@code kill -9} or SIGTERM) and starts it again with {@code options}. */
  Duration restart(boolean kill, List<String> options) throws Exception {
    stops.add(Instant.now());
    if (kill) {
      server.kill();
    } else {
      server.stop();
    }
    server = null;
    return start(options.isEmpty() ? OutsideEditFuzzIT.FUZZ_OPTIONS : options);
  }

  /** Whether the server was stopped (or killed) between {@code from} and {@code to}. */
  boolean stoppedBetween(Instant from, Instant to) {
    return stops.stream().anyMatch(stop -> !stop.isBefore(from) && !stop.isAfter(to));
  }

  /** A clean stop; the data directory can be opened afterwards. */
  void stop() throws Exception {
    if (server != null) {
      stops.add(Instant.now());
      server.stop();
      server = null;
    }
  }

  String serverTail() {
    return server == null ? "(no server running)" : server.tail();
  }

  /** How many restarts there were (server lifetimes after the first). */
  int restarts() {
    return logs.size() - 1;
  }

  /** Lines at ERROR in every server log of the run. */
  long errorLines() throws IOException {
    return logLines(" ERROR ");
  }

  /** Lines of every server log of the run that contain {@code text}. */
  long logLines(String text) throws IOException {
    long count = 0;
    for (var log : logs) {
      if (Files.exists(log)) {
        try (var lines = Files.lines(log)) {
          count += lines.filter(l -> l.contains(text)).count();
        }
      }
    }
    return count;
  }

  /**
   * The exceptions the server's logs name (their first line, numbers masked), by count: where a
   * {@code 500} came from.
   */
  Map<String, Integer> loggedExceptions() throws IOException {
    var exceptions = new TreeMap<String, Integer>();
    var exception =
        java.util.regex.Pattern.compile("^([a-z][\\w.]*\\.[A-Z]\\w*(Exception|Error))(: .*)?$");
    for (var log : logs) {
      if (Files.exists(log)) {
        for (var line : Files.readAllLines(log)) {
          var matcher = exception.matcher(line);
          if (matcher.matches()) {
            exceptions.merge(Violation.shape(line), 1, Integer::sum);
          }
        }
      }
    }
    return exceptions;
  }

  /** Marks the start of a step; violations found until the next one are its. */
  void begin(int step, FuzzAction action) {
    this.step = step;
    this.action = action.kind() + " " + action.describe();
    actionsByKind.merge(action.kind(), 1, Integer::sum);
  }

  /** After the actions: violations found now are the final checks'. */
  void afterActions(String phase) {
    this.step = -1;
    this.action = phase;
  }

  /**
   * Counts a command's answer and checks what every answer owes: an answer at all, no server fault
   * (5xx other than {@code 502 cluster_error} and {@code 503 server_busy}: a {@code 500} is a bug),
   * and a reason for every refusal and failure.
   */
  void answered(FuzzAction action, FuzzApi.Answer answer) {
    answers.merge(action.kind() + " " + answer.outcome(), 1, Integer::sum);
    if (answer.status() < 0) {
      violation("every command is answered", action.kind() + ": " + answer.body(), answer.body());
    } else if (answer.status() >= 500 && answer.status() != 502 && answer.status() != 503) {
      violation(
          "no server fault",
          action.kind() + " " + answer.outcome() + ": " + Violation.shape(answer.message()),
          answer.body());
    } else if (answer.status() >= 400 && answer.message().isBlank()) {
      violation("every failure says why", action.kind() + " " + answer.outcome(), answer.body());
    }
  }

  /** One line of the action log for an answer. */
  String summary(FuzzApi.Answer answer) {
    if (answer.status() == 200) {
      var change = answer.json().path("changeId");
      return "200 "
          + (change.isNull() ? "no change" : change.asText())
          + " "
          + answer.json().path("description").asText();
    }
    var message = answer.message();
    return answer.outcome()
        + " "
        + (message.length() > 300 ? message.substring(0, 300) + "..." : message);
  }

  /** Records a broken invariant, once per class ({@code what}). */
  void violation(String invariant, String what, String detail) {
    var key = invariant + ": " + what;
    var known = violations.get(key);
    if (known != null) {
      violations.put(key, known.seenAgain());
      return;
    }
    var violation = new Violation(invariant, what, step, action, detail, 1);
    violations.put(key, violation);
    System.out.println("  VIOLATION " + violation);
  }

  List<Violation> violations() {
    return List.copyOf(violations.values());
  }

  Map<String, Integer> actionsByKind() {
    return actionsByKind;
  }

  Map<String, Integer> answers() {
    return answers;
  }
}
