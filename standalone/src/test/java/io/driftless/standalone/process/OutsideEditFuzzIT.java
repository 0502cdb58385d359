package io.driftless.standalone.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.cli.DriftlessCli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Issue 25's outside-edit fuzz test: the standalone server as a real process (the README command)
 * on the sandbox cluster, its apps deployed, then random outside actions on their objects straight
 * at the sandbox's API (as {@code kubectl} would) interleaved with deploys, reconciles, app deletes
 * and restarts ({@code kill -9} and clean), with the server's own reconciles on (every 5 s and on
 * watch events). After every step: no app stays in progress longer than its change may take, and
 * every failed change has its reason in the API. Once the actions stop (the server restarted with
 * its own reconciles off): one reconcile brings every app to its desired set and the next is a noop
 * (0 writes to the sandbox, 0 events); every app can be deleted and leaves none of its objects; the
 * views equal the sequential fold of the event store.
 *
 * <p>A broken invariant does not stop the run: each class of failure is recorded once with the step
 * that first showed it (the action log is printed as the run goes), the run goes on, and the test
 * fails at the end listing them all with the seed. {@code -Ddriftless.fuzz.seed=N} replays a run's
 * choices, {@code -Ddriftless.fuzz.actions=N} sets the number of actions (25 in {@code ./mvnw
 * verify}), {@code -Ddriftless.fuzz.apps=long} adds the large apps (standalone/README.md,
 * "Outside-edit fuzz test"). Limits: the CLI's and the page's display of a failure's reason is not
 * checked here (the API's is); a replay repeats the choices, not the timing of the server's own
 * reconciles.
 */
class OutsideEditFuzzIT {

  static final long SEED = Long.getLong("driftless.fuzz.seed", new Random().nextLong() >>> 20);
  static final int ACTIONS = Integer.getInteger("driftless.fuzz.actions", 25);
  static final boolean LONG_FORM =
      "long".equals(System.getProperty("driftless.fuzz.apps", "short"));

  /** How long an app may be in progress: far more than any change of these apps takes here. */
  static final Duration IN_PROGRESS_LIMIT =
      Duration.ofSeconds(Long.getLong("driftless.fuzz.in-progress-limit-seconds", 30));

  /** During the actions: the server reconciles every app every 5 s, and on watch events. */
  static final List<String> FUZZ_OPTIONS = List.of("-Ddriftless.reconcile.sync-period=5s");

  /** Once the actions stop: only the test reconciles, so that it counts every reconcile. */
  static final List<String> QUIET_OPTIONS = List.of("-Ddriftless.reconcile.enabled=false");

  /** The changes read of each app's history, and the history the fold keeps. */
  static final int KEEP = 200;

  private final Map<String, Instant> inProgressSince = new HashMap<>();
  private final Set<String> stuck = new HashSet<>();
  private final Set<String> failuresSeen = new HashSet<>();
  private final Set<String> cliChecked = new HashSet<>();
  private final Map<String, Integer> failuresByReason = new TreeMap<>();
  private final Map<String, Integer> reconcilesBeforeANoop = new TreeMap<>();
  private Duration longestInProgress = Duration.ZERO;
  private String longestInProgressChange = "none";
  private Duration longestChange = Duration.ZERO;
  private String longestChangeId = "none";
  private int changes;
  private int failedChanges;
  private int deletedCleanly;
  private int deletes;
  private FuzzRun run;
  private final Instant began = Instant.now();

  @Test
  void outsideEditsNeverWedgeAnApp() throws Exception {
    var apps = LONG_FORM ? FuzzApp.longForm() : FuzzApp.shortForm();
    System.out.printf(
        "outside-edit fuzz: seed %d, %d actions, apps %s (-Ddriftless.fuzz.seed=%d replays)%n",
        SEED, ACTIONS, apps.stream().map(FuzzApp::name).toList(), SEED);
    var dataDir = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "fuzz-");
    run = new FuzzRun(SEED, dataDir, apps);
    var planner = new FuzzPlanner(new Random(SEED), run);
    try {
      System.out.printf("server up after %d ms%n", run.start(FUZZ_OPTIONS).toMillis());
      var step = 0;
      for (var app : apps) {
        step(step++, new Deploy(app, 0));
      }
      for (int i = 0; i < ACTIONS; i++) {
        step(step++, planner.next(i, ACTIONS));
      }
      run.afterActions("restart with the server's own reconciles off");
      run.restart(false, QUIET_OPTIONS);
      oneReconcileBringsEveryAppToItsDesiredSetAndTheNextIsANoop();
      everyFailedChangeHasAReason();
      measureTheHistory();
      everyAppCanBeDeletedAndLeavesNoObject();
      noAppStaysInProgressLongerThanItsChangeTakes();
      everyFailedChangeHasAReason();
      run.stop();
      FuzzChecks.theHistoryEqualsTheEventStore(run, dataDir);
    } catch (Exception | AssertionError e) {
      System.out.println(run.serverTail());
      throw e;
    } finally {
      run.stop();
      printSummary();
    }
    assertThat(run.violations())
        .as(
            "broken invariants (seed %d; replay with -Ddriftless.fuzz.seed=%d"
                + " -Ddriftless.fuzz.actions=%d%s)",
            SEED, SEED, ACTIONS, LONG_FORM ? " -Ddriftless.fuzz.apps=long" : "")
        .isEmpty();
  }

  private void step(int step, FuzzAction action) {
    run.begin(step, action);
    String outcome;
    try {
      outcome = action.run(run);
    } catch (Exception | AssertionError e) {
      outcome = "threw " + e;
      run.violation(
          "every action completes",
          action.kind() + ": " + Violation.shape(e.toString()),
          e.toString());
    }
    System.out.printf("#%d %s %s -> %s%n", step, action.kind(), action.describe(), outcome);
    noAppStaysInProgressLongerThanItsChangeTakes();
    everyFailedChangeHasAReason();
  }

  /**
   * Waits until no app has a change in progress (the server's own reconciles run between the
   * steps); an app still in progress after {@link #IN_PROGRESS_LIMIT} is a violation, and is not
   * waited for again for the same change. Records the longest time an app was seen in progress.
   */
  private void noAppStaysInProgressLongerThanItsChangeTakes() {
    try {
      await("no app in progress")
          .atMost(IN_PROGRESS_LIMIT)
          .pollInterval(Duration.ofMillis(200))
          .until(() -> appsInProgress().isEmpty());
    } catch (ConditionTimeoutException e) {
      appsInProgress()
          .forEach(
              (app, change) -> {
                stuck.add(app + " " + change);
                run.violation(
                    "no app stays in progress longer than its change takes",
                    "an app in progress for more than " + IN_PROGRESS_LIMIT.toSeconds() + " s",
                    app + ": " + change + " " + changeDetail(app, change));
              });
    }
  }

  /** The apps in progress now, with their change, leaving out those already found stuck. */
  private Map<String, String> appsInProgress() {
    var now = Instant.now();
    var inProgress = new TreeMap<String, String>();
    var answer = run.api().get("/api/apps");
    if (answer.status() != 200) {
      run.violation("the views answer", "GET /api/apps " + answer.outcome(), answer.body());
      return inProgress;
    }
    for (var app : answer.json()) {
      var change = app.path("changeInProgress");
      if (change.isNull() || change.isMissingNode() || change.asText().isEmpty()) {
        continue;
      }
      var name = app.path("name").asText();
      var key = name + " " + change.asText();
      var since = inProgressSince.computeIfAbsent(key, k -> now);
      var seen = Duration.between(since, now);
      if (seen.compareTo(longestInProgress) > 0) {
        longestInProgress = seen;
        longestInProgressChange = key;
      }
      if (!stuck.contains(key)) {
        inProgress.put(name, change.asText());
      }
    }
    return inProgress;
  }

  private String changeDetail(String app, String change) {
    var detail = run.api().get(FuzzApi.appPath(app) + "/changes/" + change);
    return detail.status() == 200
        ? detail.json().path("trigger").asText()
            + " started "
            + detail.json().path("startedAt").asText()
            + ": "
            + detail.json().path("description").asText()
        : "(" + detail.outcome() + ")";
  }

  /** Every change recorded as failed carries its reason ({@code error}) in the API. */
  private void everyFailedChangeHasAReason() {
    for (var app : run.everDeployed()) {
      var history = run.api().get(FuzzApi.appPath(app) + "/changes?limit=" + KEEP);
      if (history.status() != 200) {
        continue;
      }
      for (var change : history.json()) {
        var id = change.path("changeId").asText();
        if (!change.path("successful").isBoolean()
            || change.path("successful").asBoolean()
            || !failuresSeen.add(id)) {
          continue;
        }
        var detail = run.api().get(FuzzApi.appPath(app) + "/changes/" + id);
        var error = detail.json().path("error").asText("");
        if (error.isBlank()) {
          run.violation(
              "every failed change has a reason",
              change.path("trigger").asText()
                  + " change without an error: "
                  + Violation.shape(change.path("description").asText()),
              app + " " + id + ": " + detail.body());
        } else {
          failuresByReason.merge(
              change.path("trigger").asText() + ": " + Violation.shape(error), 1, Integer::sum);
          aStopReasonIsTrue(app, id, change, error);
          aFailureShowsItsReasonInTheCli(app, id, error);
        }
      }
    }
  }

  /**
   * {@code driftless app-change show} of a failed change prints the reason the API carries (its
   * first line, up to 80 characters), checked once per class of reason (issue 25, point 6).
   */
  private void aFailureShowsItsReasonInTheCli(String app, String id, String error) {
    if (!cliChecked.add(Violation.shape(error))) {
      return;
    }
    var reason = error.lines().findFirst().orElse(error);
    reason = reason.substring(0, Math.min(80, reason.length()));
    var out = new java.io.StringWriter();
    var err = new java.io.StringWriter();
    var exit =
        DriftlessCli.execute(
            Map.of(),
            new java.io.PrintWriter(out, true),
            new java.io.PrintWriter(err, true),
            "app-change",
            "show",
            "-a",
            app,
            id,
            "--server",
            run.api().server());
    if (!(out.toString() + err).contains(reason)) {
      run.violation(
          "every failed change shows its reason in the CLI",
          "app-change show without the error: " + Violation.shape(error),
          app + " " + id + " (exit " + exit + "): " + out + err);
    }
  }

  /**
   * A change closed as stopped with the command side (crash recovery's reason) was open while the
   * server really stopped: a stop or {@code kill -9} of the test lies between its start and its
   * end.
   */
  private void aStopReasonIsTrue(String app, String id, JsonNode change, String error) {
    if (!error.contains("stopped") || !change.path("finishedAt").isTextual()) {
      return;
    }
    var started = Instant.parse(change.path("startedAt").asText());
    var finished = Instant.parse(change.path("finishedAt").asText());
    if (!run.stoppedBetween(started, finished)) {
      run.violation(
          "a failure's reason is true",
          change.path("trigger").asText()
              + " change closed as stopped though the server did not stop: "
              + Violation.shape(error),
          app + " " + id + " " + started + " - " + finished + ": " + error);
    }
  }

  /**
   * With the server's own reconciles off: the first reconcile of each deployed app succeeds and
   * puts back what the outside edits changed (the objects its inventory lists are in the sandbox,
   * labelled for it); the second is a noop: {@code changeId: null}, no change listed, the sandbox's
   * resourceVersion unchanged (no write changed an object) and the views' event position unchanged
   * (no event). Counts how many reconciles each app needed before a noop (up to 5).
   */
  private void oneReconcileBringsEveryAppToItsDesiredSetAndTheNextIsANoop() {
    for (var app : run.deployed()) {
      run.afterActions("reconcile " + app);
      var applied = 0;
      var noop = false;
      while (applied < 5 && !noop) {
        noAppStaysInProgressLongerThanItsChangeTakes();
        var before = FuzzChecks.overviews(run);
        var writes = run.sandbox().resourceVersion();
        var events = FuzzChecks.settledViewPosition(run);
        var answer = run.api().reconcile(app);
        System.out.printf("final reconcile %s -> %s%n", app, run.summary(answer));
        noop = answer.status() == 200 && answer.json().path("changeId").isNull();
        if (noop) {
          FuzzChecks.aNoopWritesNothing(run, app, answer, writes, events, before);
        } else {
          applied++;
          if (answer.status() != 200 || !answer.json().path("successful").asBoolean()) {
            run.violation(
                "one reconcile brings every app to its desired set",
                app + ": reconcile " + answer.outcome() + " " + Violation.shape(answer.message()),
                answer.body());
          }
        }
      }
      reconcilesBeforeANoop.put(app, applied);
      if (applied > 1) {
        run.violation(
            "the reconcile after the first is a noop",
            app + " needed " + applied + " reconciles before a noop",
            "reconciles before a noop: " + applied);
      }
      FuzzChecks.appHasItsDesiredSet(run, app);
    }
  }

  /** Before the deletes: how many changes, how many failed, the longest one. */
  private void measureTheHistory() {
    var now = Instant.now();
    for (var app : run.everDeployed()) {
      var history = run.api().get(FuzzApi.appPath(app) + "/changes?limit=" + KEEP);
      for (var change : history.json()) {
        changes++;
        if (change.path("successful").isBoolean() && !change.path("successful").asBoolean()) {
          failedChanges++;
        }
        var started = Instant.parse(change.path("startedAt").asText());
        var finished =
            change.path("finishedAt").isTextual()
                ? Instant.parse(change.path("finishedAt").asText())
                : now;
        var took = Duration.between(started, finished);
        if (took.compareTo(longestChange) > 0) {
          longestChange = took;
          longestChangeId =
              change.path("changeId").asText() + " (" + change.path("trigger").asText() + ")";
        }
      }
    }
  }

  /**
   * {@code DELETE} of every app still deployed succeeds, and no object labelled for it is left in
   * the sandbox (its store, every kind).
   */
  private void everyAppCanBeDeletedAndLeavesNoObject() {
    for (var app : run.deployed()) {
      run.afterActions("delete " + app);
      deletes++;
      var answer = run.api().delete(app);
      System.out.printf("final delete %s -> %s%n", app, run.summary(answer));
      var left = run.sandbox().ownedBy(app).stream().map(SandboxObject::key).toList();
      if (answer.status() != 200 || !answer.json().path("successful").asBoolean()) {
        run.violation(
            "every app can be deleted",
            app + ": DELETE " + answer.outcome() + " " + Violation.shape(answer.message()),
            answer.body());
      } else if (!left.isEmpty()) {
        run.violation(
            "a deleted app leaves none of its objects", app + ": objects left", left.toString());
      } else {
        deletedCleanly++;
      }
    }
  }

  private void printSummary() throws Exception {
    var violations = run.violations();
    var out = new StringBuilder();
    out.append(
        "outside-edit fuzz summary (seed %d, %d actions, %s form):%n"
            .formatted(SEED, ACTIONS, LONG_FORM ? "long" : "short"));
    out.append("  actions by kind %s%n".formatted(run.actionsByKind()));
    out.append("  answers %s%n".formatted(run.answers()));
    out.append(
        "  changes %d, failed %d; failures by reason %s%n"
            .formatted(changes, failedChanges, failuresByReason));
    out.append("  reconciles before a noop %s%n".formatted(reconcilesBeforeANoop));
    out.append("  apps deleted cleanly %d of %d%n".formatted(deletedCleanly, deletes));
    out.append(
        "  longest in progress: seen %d ms (%s); longest change in the history %d ms (%s)%n"
            .formatted(
                longestInProgress.toMillis(),
                longestInProgressChange,
                longestChange.toMillis(),
                longestChangeId));
    out.append(
        "  server restarts %d, ERROR lines in its logs %d%n"
            .formatted(run.restarts(), run.errorLines()));
    out.append("  exceptions in its logs %s%n".formatted(run.loggedExceptions()));
    out.append("  'Cannot watch' warnings %d%n".formatted(run.logLines("Cannot watch")));
    out.append("  took %d s%n".formatted(Duration.between(began, Instant.now()).toSeconds()));
    out.append("  broken invariants %d%n".formatted(violations.size()));
    violations.forEach(v -> out.append("    ").append(v).append("\n"));
    System.out.print(out);
  }
}
