package io.driftless.command.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.apply.wait.GoDurations;
import io.driftless.command.apply.wait.Progress;
import io.driftless.command.apply.wait.WaitState;
import io.driftless.command.apply.wait.Waiter;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.ownership.AppLabels;
import io.driftless.command.ownership.Owner;
import io.driftless.command.plan.AggregateStates;
import io.driftless.command.plan.Planner;
import io.driftless.command.secrets.SecretVault;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.DiffEngine;
import io.driftless.diff.plan.WaitOp;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.SecretFingerprint;
import io.driftless.shared.DaemonThreads;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The apply step of a change, as kapp's {@code clusterapply}: the plan's waves ({@code
 * ChangeSet.waves()}) one after the other; the changes of a wave at once, at most {@code
 * driftless.deploy.apply-concurrency} (5) at a time; each change through its op ({@link ClusterOp}:
 * the cluster write with its kapp strategy); once the wave's writes are done, the records of its
 * written changes are stored together, in one transaction ({@link ChangeRecords#sendAll}; a change
 * whose records cannot be stored fails as an unexpected error does), before the wave waits. Changes
 * that write nothing (noops, {@code kapp.k14s.io/noop}) are skipped. When a change of a wave fails,
 * the rest of that wave still finishes, and the apply stops there (kapp exits early on apply
 * errors): later waves are {@value #NOT_APPLIED}. Results keep the plan's order whatever order the
 * writes finished in.
 *
 * <p>Once a wave's writes are done, its changes wait together, as kapp waits for the changes it
 * applied ({@link Waiter#awaitAll}, the rules in {@code apply/wait}; one labelled LIST per
 * (apiVersion, kind, namespace) per poll, not a GET per object): each until its object has
 * converged ({@code waitTo: reconcile}) or, for a delete, is gone, within the change's {@code
 * waitTimeout}; {@code waitTo: noop} ({@code kapp.k14s.io/disable-wait}) and orphaned objects do
 * not wait. A wait that fails (a Job failed, a Deployment not progressing) or times out fails the
 * change like a refused write: its result is {@value #FAILED} with kapp's sentence, the rest of the
 * wave finishes, later waves are not applied. The object's own record stays what the write did (it
 * was applied); the app change is finished failed with the reason. Every step is told to the
 * change's {@link Progress}, and while anything is under way a {@link WaitingReport} names it every
 * {@code driftless.deploy.waiting-report-period}.
 *
 * <p>Any other exception of a change's write, record or wait (a bug such as a {@code
 * NullPointerException}, a gateway that fails without a refusal) fails that change the same way,
 * with the exception's message as its reason ({@link #reason}), and is logged with its stack trace:
 * the apply never ends by throwing, so the caller always finishes the change at once (issue 25).
 */
@Component
public class ChangeApplier implements DisposableBean {

  /** The result of a change the cluster accepted. */
  static final String APPLIED = "applied";

  /** The result of a change the cluster refused. */
  static final String FAILED = "failed";

  /** The result of a change after a refusal: never sent. */
  static final String NOT_APPLIED = "not applied";

  private static final Logger log = LoggerFactory.getLogger(ChangeApplier.class);

  private final ClusterWrites writes;
  private final ChangeRecords records;
  private final ExecutorService workers;
  private final WaveRunner runner;
  private final SecretFingerprint fingerprint;
  private final Waiter waiter;
  private final ScheduledExecutorService reportTimer;
  private final Duration reportPeriod;

  ChangeApplier(
      ClusterGateway cluster,
      CommandGateway commands,
      AggregateStates states,
      Clock clock,
      ApplySettings settings,
      SecretVault vault,
      PlatformTransactionManager transactions) {
    this.writes = new ClusterWrites(cluster);
    this.waiter = new Waiter(cluster);
    this.records = new ChangeRecords(commands, states, clock, vault, transactions);
    this.fingerprint = vault.fingerprint();
    this.workers = Executors.newCachedThreadPool(DaemonThreads.numbered("apply"));
    this.runner = new WaveRunner(settings.applyConcurrency(), workers);
    this.reportPeriod = settings.waitingReportPeriod();
    this.reportTimer =
        Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("apply-waiting-report"));
  }

  /**
   * What an apply did.
   *
   * @param results per change that writes, in the plan's order: {@value #APPLIED}, {@value #FAILED}
   *     or {@value #NOT_APPLIED}
   * @param failure the first failure in plan order: the cluster's refusal ({@link
   *     ClusterException}) or another exception of the apply path; null when every change succeeded
   */
  public record Applied(Map<ResourceKey, String> results, RuntimeException failure) {}

  /**
   * Applies every change of the plan that writes, wave by wave.
   *
   * @param waitTimeout how long a change may wait for the cluster (an object marked exists, the
   *     delete of a replace, and its object to converge or be gone)
   * @param configs the manifest's kapp Config documents: the rebase rules of a re-planned change
   * @param writeMode how updates are written (kapp's PUT, or server-side apply)
   * @param progress hears each write and wait as it happens
   */
  public Applied apply(
      String appId,
      String changeId,
      Planner.Plan plan,
      Map<ResourceKey, Owner> takenOver,
      Duration waitTimeout,
      List<ObjectNode> configs,
      WriteMode writeMode,
      Progress progress) {
    var engine = new DiffEngine(KappConfig.defaults().plus(KappConfig.parse(configs)), fingerprint);
    var context =
        new ApplyContext(appId, changeId, plan, takenOver, waitTimeout, engine, writeMode);
    var waves = new ArrayList<List<ClusterOp>>();
    var results = new LinkedHashMap<ResourceKey, String>();
    for (var wave : plan.changes().waves()) {
      var ops = new ArrayList<ClusterOp>();
      for (var change : wave) {
        var op = ClusterOp.of(change, context);
        if (op != null) {
          ops.add(op);
          results.put(change.key(), NOT_APPLIED);
        }
      }
      // Waits for exists objects go last in their wave, so they never hold a worker while a write
      // of the same wave waits for one: the object may only appear because of such a write
      // (kapp's gatekeeper example: the ConstraintTemplate makes the controller create the CRD
      // marked exists). kapp retries a missing exists object after the rest of the wave instead.
      ops.sort(Comparator.comparing(op -> op instanceof ExistsOp));
      waves.add(ops);
    }
    var total = results.size();
    progress.line("---- applying " + total + " changes [0/" + total + " done] ----");
    RuntimeException failure;
    // each written change's records, stored together once its wave's writes are done; keyed by the
    // op itself: an op's record equality would hash its whole change (desired and live trees, every
    // field change) on each put and remove, about 6% of a first deploy's request CPU (issue 31)
    var pending = Collections.synchronizedMap(new IdentityHashMap<ClusterOp, List<Object>>());
    try (var report = WaitingReport.start(progress, total, reportPeriod, reportTimer)) {
      failure =
          runner.run(
              waves,
              op -> applyOne(context, op, report, pending),
              (wave, failures) ->
                  waitFor(
                      context, wave, recorded(context, wave, failures, pending, report), report),
              (op, failed) -> results.put(op.change().key(), failed == null ? APPLIED : FAILED));
    }
    var done = results.values().stream().filter(APPLIED::equals).count();
    progress.line(
        "---- applying "
            + (failure == null ? "complete" : "stopped")
            + " ["
            + done
            + "/"
            + total
            + " done] ----");
    return new Applied(results, failure);
  }

  /**
   * Writes and records one change; returns its failure or null. The report names it as under way
   * from its op line to its end (its write's, or its wait's in {@link #waitFor}): an {@code exists}
   * object is waited for in its write.
   */
  private RuntimeException applyOne(
      ApplyContext context,
      ClusterOp op,
      WaitingReport report,
      Map<ClusterOp, List<Object>> pending) {
    var what = what(op);
    report.waiting(what);
    RuntimeException failure;
    try {
      report.line(line(op));
      failure = write(context, op, pending);
    } catch (RuntimeException e) {
      failure = unexpected(context, op, e);
    }
    if (failure != null || wait(op) == null) {
      report.finished(what);
    }
    return failure;
  }

  private static String what(ClusterOp op) {
    return (op instanceof DeleteOp ? Waiter.Target.DELETE : Waiter.Target.RECONCILE)
            .name()
            .toLowerCase(Locale.ROOT)
        + " "
        + ClusterWrites.describe(op.change());
  }

  /**
   * A failure that is not the cluster's refusal: logged with its trace (a fault of this server or
   * its gateway), recorded on the object as a refusal is (best effort: the record may fail for the
   * same reason), and returned as the change's failure.
   */
  private RuntimeException unexpected(ApplyContext context, ClusterOp op, RuntimeException e) {
    log.warn(
        "Failed {} in {} of {} on an unexpected error: {}",
        line(op),
        context.changeId(),
        context.appId(),
        reason(e),
        e);
    try {
      records.failed(context, op.change(), reason(e));
    } catch (RuntimeException recordFailed) {
      e.addSuppressed(recordFailed);
    }
    return e;
  }

  /**
   * The reason a failure is recorded with: its message, or its type's simple name when it has none
   * (a {@code NullPointerException} without a helpful message).
   */
  public static String reason(Throwable e) {
    var message = e.getMessage();
    return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
  }

  /**
   * Writes one change and leaves its records in {@code pending} for its wave's ({@link #recorded});
   * returns the cluster's refusal, recorded at once, or null.
   */
  private ClusterException write(
      ApplyContext context, ClusterOp op, Map<ClusterOp, List<Object>> pending) {
    var change = op.change();
    try {
      var outcome = op.apply(context, writes);
      pending.put(op, records.commands(context, outcome));
      log.info("Applied {} in {} of {}", line(op), context.changeId(), context.appId());
      return null;
    } catch (ClusterException e) {
      log.info(
          "Failed {} in {} of {}: {}",
          line(op),
          context.changeId(),
          context.appId(),
          e.getMessage());
      records.failed(context, change, e.getMessage());
      return e;
    }
  }

  /**
   * Stores the records of a wave's written changes together ({@link ChangeRecords#sendAll}: one
   * transaction, each change's records on their own if that fails), before the wave waits; returns
   * the wave's failures with a change whose records could not be stored failed as an unexpected
   * error is ({@link #unexpected}), and no longer waited for.
   */
  private List<RuntimeException> recorded(
      ApplyContext context,
      List<ClusterOp> wave,
      List<RuntimeException> failures,
      Map<ClusterOp, List<Object>> pending,
      WaitingReport report) {
    var written = new ArrayList<Integer>();
    var batch = new ArrayList<List<Object>>();
    for (var i = 0; i < wave.size(); i++) {
      var commands = pending.remove(wave.get(i));
      if (failures.get(i) == null && commands != null && !commands.isEmpty()) {
        written.add(i);
        batch.add(commands);
      }
    }
    if (batch.isEmpty()) {
      return failures;
    }
    var stored = records.sendAll(batch);
    var after = new ArrayList<>(failures);
    for (var j = 0; j < written.size(); j++) {
      var failed = stored.get(j);
      if (failed != null) {
        var op = wave.get(written.get(j));
        after.set(written.get(j), unexpected(context, op, failed));
        if (wait(op) != null) {
          report.finished(what(op));
        }
      }
    }
    return after;
  }

  /**
   * What the change waits for after its write (see the class comment), null when nothing: an
   * orphaned delete, {@code waitTo: noop}.
   */
  private static Waiter.Target wait(ClusterOp op) {
    if (op instanceof DeleteOp delete) {
      return delete.orphans() ? null : Waiter.Target.DELETE;
    }
    return op.change().waitTo() == WaitOp.NOOP ? null : Waiter.Target.RECONCILE;
  }

  /**
   * Waits for the objects a wave wrote, together ({@link Waiter#awaitAll}: one read per kind per
   * poll); returns the wave's failures with each failed or timed-out wait's in kapp's words.
   */
  private List<RuntimeException> waitFor(
      ApplyContext context,
      List<ClusterOp> wave,
      List<RuntimeException> failures,
      WaitingReport report) {
    var waited = new ArrayList<Integer>();
    var waits = new ArrayList<Waiter.Wait>();
    for (var i = 0; i < wave.size(); i++) {
      var target = wait(wave.get(i));
      if (failures.get(i) == null && target != null) {
        waited.add(i);
        waits.add(waitOf(context, wave.get(i).change(), target));
      }
    }
    if (waits.isEmpty()) {
      return failures;
    }
    var label = AppLabels.appLabel(context.appId());
    var ended = waiter.awaitAll(waits, AppLabels.APP, label, context.waitTimeout(), report);
    var after = new ArrayList<>(failures);
    for (var j = 0; j < waits.size(); j++) {
      var op = wave.get(waited.get(j));
      after.set(waited.get(j), failure(context, op, waits.get(j), ended.get(j)));
      report.finished(what(op));
    }
    return after;
  }

  private static Waiter.Wait waitOf(ApplyContext context, Change change, Waiter.Target target) {
    var live = context.live(change.key());
    var labelled =
        target == Waiter.Target.DELETE
            && live != null
            && AppLabels.appLabel(context.appId())
                .equals(live.path("metadata").path("labels").path(AppLabels.APP).asText());
    return new Waiter.Wait(
        change.key(), change.apiVersion(), target, ClusterWrites.describe(change), labelled);
  }

  /** The wait's failure: a failed read (unexpected), a failed or timed-out wait, or null. */
  private RuntimeException failure(
      ApplyContext context, ClusterOp op, Waiter.Wait wait, Waiter.Awaited ended) {
    if (ended.failure() != null) {
      return unexpected(context, op, ended.failure());
    }
    var state = ended.state();
    if (state.done() && state.successful()) {
      return null;
    }
    var message = waitFailure(wait.target(), wait.description(), context.waitTimeout(), state);
    log.info("Failed {} in {} of {}: {}", line(op), context.changeId(), context.appId(), message);
    return new ClusterException(message, 0, null);
  }

  /**
   * kapp's sentences: {@code waiting on reconcile job/x (batch/v1) namespace: ns: Finished
   * unsuccessfully (Failed with reason ...)}, or {@code Timed out waiting after 2s for resources:
   * [deployment/x (apps/v1) namespace: ns]} with what it still waited for.
   */
  static String waitFailure(
      Waiter.Target target, String description, Duration timeout, WaitState state) {
    if (state.done()) {
      var reason = state.message().isEmpty() ? "" : " (" + state.message() + ")";
      return "waiting on "
          + target.name().toLowerCase(Locale.ROOT)
          + " "
          + description
          + ": Finished unsuccessfully"
          + reason;
    }
    var last = state.message().isEmpty() ? "" : " (" + state.message() + ")";
    return "Timed out waiting after "
        + GoDurations.format(timeout)
        + " for resources: ["
        + description
        + "]"
        + last;
  }

  /**
   * kapp's progress wording: {@code update deployment/simple-app (apps/v1) namespace: ns}, with the
   * strategy when there is one ({@code delete (orphan) configmap/x ...}).
   */
  private static String line(ClusterOp op) {
    var strategy = "";
    if (op instanceof CreateOp create) {
      strategy = create.strategy();
    } else if (op instanceof UpdateOp update) {
      strategy = update.strategy();
    } else if (op instanceof DeleteOp delete && delete.orphans()) {
      strategy = "orphan";
    } else if (op instanceof ExistsOp) {
      strategy = "exists";
    }
    var verb = op.change().op().wireName() + (strategy.isEmpty() ? "" : " (" + strategy + ")");
    return verb + " " + ClusterWrites.describe(op.change());
  }

  @Override
  public void destroy() {
    reportTimer.shutdownNow();
    workers.shutdownNow();
  }
}
