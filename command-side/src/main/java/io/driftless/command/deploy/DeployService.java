package io.driftless.command.deploy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.app.AppLockedException;
import io.driftless.command.app.ChangeInProgressException;
import io.driftless.command.app.FinishAppChange;
import io.driftless.command.app.StartAppChange;
import io.driftless.command.app.UnknownChangeException;
import io.driftless.command.apply.ChangeApplier;
import io.driftless.command.apply.WriteMode;
import io.driftless.command.change.ChangeStarts;
import io.driftless.command.idempotency.IdempotencyKey;
import io.driftless.command.ownership.AppLabels;
import io.driftless.command.ownership.Owner;
import io.driftless.command.ownership.OwnershipRules;
import io.driftless.command.plan.Planner;
import io.driftless.command.plan.RecordedDesired;
import io.driftless.diff.plan.ChangeSet;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.events.ApplyMode;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.Provenance;
import io.driftless.events.ResourceIds;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;

/**
 * Runs deploys, reconciles and deletes. The order of writes is: start the change on the App (which
 * rejects a concurrent one), then per resource the cluster write followed by its ResourceChange
 * event ({@link ChangeApplier}), then finish the change. A change whose apply or finish ends on any
 * exception is finished as failed with that exception's message, at once, in the same thread,
 * before the answer. Only a crash in between (or a finish that fails twice) leaves the change open;
 * it is closed as failed once its replica's claim lapses ({@code ChangeClaims}, {@code
 * OpenChangeRecovery}). The ownership rules ({@link OwnershipRules}) run on the plan before
 * anything is stored or written. A command with an {@code Idempotency-Key} records it atomically
 * with the start of its change ({@link ChangeStarts}, README "Safe retries"). Every change records
 * who asked ({@link Provenance}: the request's, or {@link Provenance#server()} for the server's own
 * reconciles). A locked app refuses deploys and deletes ({@link AppLockedException}) before
 * anything is stored or written; dry runs and reconciles run.
 */
@Service
public class DeployService {

  private static final Logger log = LoggerFactory.getLogger(DeployService.class);

  private final ParsedBodies parser;
  private final Planner planner;
  private final ChangeApplier applier;
  private final CommandGateway commands;
  private final Clock clock;
  private final ChangeStarts starts;

  // Six collaborators, one over STYLE.md's five: ChangeStarts is the keyed start of safe retries,
  // kept apart so that this class's own flow stays as it was.
  DeployService(
      ParsedBodies parser,
      Planner planner,
      ChangeApplier applier,
      CommandGateway commands,
      Clock clock,
      ChangeStarts starts) {
    this.parser = parser;
    this.planner = planner;
    this.applier = applier;
    this.commands = commands;
    this.clock = clock;
    this.starts = starts;
  }

  /**
   * A deploy whose plan and progress {@code stream} hears, and whose change, if one starts, records
   * {@code key} with it (null: no key; README "Safe retries").
   */
  DeployResponse deploy(DeployRequest request, ChangeStream stream, IdempotencyKey key) {
    var manifest = parser.parse(request.body(), request.format(), request.namespace());
    if (manifest.resources().isEmpty() && !request.options().allowEmpty()) {
      throw new EmptyResourceSetException(request.namespace(), request.app());
    }
    AppLabels.refuseReserved(manifest.resources());
    planner.learnCustomKinds(manifest.resources());
    var appId = ResourceIds.appId(request.namespace(), request.app());
    return run(
        appId,
        ChangeTrigger.DEPLOY,
        new Desired(manifest.resources(), manifest.configs(), false, null),
        request.options(),
        request.diff(),
        request.provenance(),
        stream,
        key);
  }

  /**
   * A rollback: deploys again the desired set an earlier change left ({@code recorded}, by {@link
   * io.driftless.command.plan.DesiredAsOf}), as a deploy of it with trigger {@code rollback}; the
   * answer, the stream's plan line and a failure's body name that change ({@code rolledBackTo}).
   */
  DeployResponse rollback(
      String appId,
      RecordedDesired recorded,
      DeployOptions options,
      DiffOptions diff,
      Provenance provenance,
      ChangeStream stream,
      IdempotencyKey key) {
    planner.learnCustomKinds(recorded.resources());
    var to = recorded.changeId();
    var desired = new Desired(recorded.resources(), recorded.configs(), false, to);
    try {
      return run(
              appId,
              ChangeTrigger.ROLLBACK,
              desired,
              options,
              diff,
              provenance,
              tagged(stream, to),
              key)
          .withRolledBackTo(to);
    } catch (DeployFailedException e) {
      throw e.withRolledBackTo(to);
    }
  }

  /** The stream with {@code rolledBackTo} on its plan line. */
  private static ChangeStream tagged(ChangeStream stream, String rolledBackTo) {
    return new ChangeStream() {
      @Override
      public void planned(DeployResponse plan) {
        stream.planned(plan.withRolledBackTo(rolledBackTo));
      }

      @Override
      public void line(String line, List<String> detail) {
        stream.line(line, detail);
      }
    };
  }

  /**
   * The resources to deploy and the kapp Config documents that came with them; {@code stored}: the
   * app's stored desired set instead (a reconcile), planned by {@link Planner#planStored}; {@code
   * rolledBackTo}: the change a rollback deploys again, else null.
   */
  private record Desired(
      List<Resource> resources, List<ObjectNode> configs, boolean stored, String rolledBackTo) {}

  /**
   * Reconciles an app: its stored desired set planned against the live cluster, only real diffs
   * applied, recorded as a change with trigger {@code reconcile} only when something was applied.
   *
   * @throws AppNotFoundException for an app that does not exist (never deployed, or deleted)
   */
  DeployResponse reconcile(String namespace, String app) {
    return reconcile(namespace, app, Provenance.server(), ChangeStream.NONE, null);
  }

  /**
   * A reconcile as above, asked for by {@code provenance}, whose plan and progress {@code stream}
   * hears as they happen, and whose change, if one starts, records {@code key} (null: no key).
   */
  DeployResponse reconcile(
      String namespace,
      String app,
      Provenance provenance,
      ChangeStream stream,
      IdempotencyKey key) {
    return reconcile(namespace, app, DeployOptions.defaults(), provenance, stream, key);
  }

  /** A reconcile as above, writing as {@code options} ask ({@code applyMode}, {@code force...}). */
  DeployResponse reconcile(
      String namespace,
      String app,
      DeployOptions options,
      Provenance provenance,
      ChangeStream stream,
      IdempotencyKey key) {
    var appId = ResourceIds.appId(namespace, app);
    return run(
        appId,
        ChangeTrigger.RECONCILE,
        new Desired(List.of(), List.of(), true, null),
        options,
        DiffOptions.defaults(),
        provenance,
        stream,
        key);
  }

  /**
   * A delete, asked for by {@code provenance}, whose plan and progress {@code stream} hears as they
   * happen, and whose change records {@code key} with it (null: no key). An app that does not exist
   * is found after planning: the stream has then heard the (empty) plan.
   */
  DeployResponse delete(
      String namespace,
      String app,
      Provenance provenance,
      ChangeStream stream,
      IdempotencyKey key) {
    var appId = ResourceIds.appId(namespace, app);
    var response =
        run(
            appId,
            ChangeTrigger.DELETE,
            new Desired(List.of(), List.of(), false, null),
            DeployOptions.defaults(),
            DiffOptions.defaults(),
            provenance,
            stream,
            key);
    if (response.changeId() == null && response.ops().values().stream().allMatch(n -> n == 0)) {
      throw new AppNotFoundException(appId);
    }
    return response;
  }

  private DeployResponse run(
      String appId,
      ChangeTrigger trigger,
      Desired desired,
      DeployOptions options,
      DiffOptions diff,
      Provenance provenance,
      ChangeStream stream,
      IdempotencyKey key) {
    Planner.Plan planned;
    if (desired.stored()) {
      planned = planner.planStored(appId);
    } else if (trigger == ChangeTrigger.DELETE) {
      planned = planner.planDelete(appId, options.ghostDiffPolicy(), options.dryRun());
    } else {
      planned =
          planner.plan(
              appId,
              desired.resources(),
              desired.configs(),
              diff.againstLastApplied(),
              options.ghostDiffPolicy(),
              options.defaultLabelScopingRules(),
              options.dryRun());
    }
    if (desired.stored() && !planned.app().exists()) {
      throw new AppNotFoundException(appId);
    }
    if (planned.app().changeInProgress() != null) {
      throw new ChangeInProgressException(appId, planned.app().changeInProgress());
    }
    var lock = planned.app().lock();
    if (lock != null && !options.dryRun() && lock.refuses(trigger)) {
      throw new AppLockedException(appId, lock);
    }
    var filtered = planned.filtered(diff.filter());
    var ownership =
        new OwnershipRules(appId, filtered.live(), filtered::holds)
            .apply(filtered.changes().changes(), options.overrideOwnership());
    var plan = filtered.withChanges(ownership.changes());
    var changes = plan.changes();
    // kapp describes every app change as "update: ..." except a delete.
    var verb = trigger == ChangeTrigger.DELETE ? "delete" : "update";
    var description = verb + ": " + changes.summary();
    var settingsChanged =
        (trigger == ChangeTrigger.DEPLOY || trigger == ChangeTrigger.ROLLBACK)
            && ChangeSettings.settingsChanged(
                plan, options, ChangeSettings.applyMode(trigger, plan, options));
    var changing = mustChange(trigger, plan) || settingsChanged;
    var written = new WrittenDiffs(appId, plan.live());
    if (changing || trigger != ChangeTrigger.DELETE) {
      stream.planned(
          Responses.of(appId, null, options.dryRun(), true, description, changes, diff, written)
              .withoutDiffs());
    }
    if (options.dryRun() || !changing) {
      return Responses.of(appId, null, options.dryRun(), true, description, changes, diff, written);
    }
    var changeId =
        start(
            plan,
            trigger,
            desired,
            description,
            ChangeSettings.syncPeriod(trigger, plan, options),
            provenance,
            ChangeSettings.applyMode(trigger, plan, options),
            key);
    var finished = false;
    String unfinished = null;
    try {
      var response =
          applyAndFinish(
              appId,
              changeId,
              plan,
              ownership.takenOver(),
              description,
              diff,
              options,
              ChangeSettings.writeMode(trigger, plan, options),
              stream);
      finished = true;
      return response;
    } catch (DeployFailedException recordedAsFailed) {
      finished = true;
      throw recordedAsFailed;
    } catch (RuntimeException | Error e) {
      finished = finishFailed(appId, changeId, description, changes, e);
      unfinished = finished ? null : unfinishedReason(e);
      throw e;
    } finally {
      // A change left open (even its failed finish failed, e.g. on a lost connection) keeps its
      // claim, which no thread runs any more: OpenChangeRecovery closes it at its next check, with
      // the reason kept here.
      starts.release(appId, changeId, finished, unfinished);
    }
  }

  /** Why a change stays open: its failure, and why even its failed finish failed. */
  private static String unfinishedReason(Throwable e) {
    var reason = ChangeApplier.reason(e);
    for (var suppressed : e.getSuppressed()) {
      reason += "; recording its end failed too: " + ChangeApplier.reason(suppressed);
    }
    return reason;
  }

  /**
   * Finishes as failed, at once and with its true reason, a change whose apply or finish ended on
   * an exception (issue 25: never left open for crash recovery, which would close it later with a
   * false reason). Returns whether the change is closed: also when something else closed it first
   * (an abort); false when this finish failed too, {@code e} then carries its failure.
   */
  private boolean finishFailed(
      String appId, String changeId, String description, ChangeSet changes, Throwable e) {
    var reason = ChangeApplier.reason(e);
    try {
      commands.sendAndWait(
          new FinishAppChange(
              appId,
              changeId,
              false,
              description,
              RecordedSet.opCounts(changes),
              RecordedSet.waitCounts(changes),
              reason,
              clock.instant()));
      log.info("Change {} of {} failed and was closed as failed: {}", changeId, appId, reason);
      return true;
    } catch (UnknownChangeException closedElsewhere) {
      return true;
    } catch (RuntimeException finishFailed) {
      log.warn(
          "Change {} of {} failed ({}) and could not be closed: {}",
          changeId,
          appId,
          reason,
          finishFailed.getMessage());
      e.addSuppressed(finishFailed);
      return false;
    }
  }

  /**
   * Whether the plan needs a change. A delete of an existing app records one even when nothing is
   * left to delete (its objects all taken over by other apps, or the app emptied by a deploy with
   * {@code allowEmpty=true}), so the app ends deleted.
   */
  private static boolean mustChange(ChangeTrigger trigger, Planner.Plan plan) {
    return plan.changes().hasChanges()
        || (trigger == ChangeTrigger.DELETE
            && (plan.app().exists() || !plan.app().resources().isEmpty()));
  }

  private DeployResponse applyAndFinish(
      String appId,
      String changeId,
      Planner.Plan plan,
      Map<ResourceKey, Owner> takenOver,
      String description,
      DiffOptions diff,
      DeployOptions options,
      WriteMode writeMode,
      ChangeStream stream) {
    var changes = plan.changes();
    var applied =
        applier.apply(
            appId,
            changeId,
            plan,
            takenOver,
            options.waitTimeout(),
            plan.settings().configs(),
            writeMode,
            stream);
    var failure = applied.failure();
    commands.sendAndWait(
        new FinishAppChange(
            appId,
            changeId,
            failure == null,
            description,
            RecordedSet.opCounts(changes),
            RecordedSet.waitCounts(changes),
            failure == null ? null : ChangeApplier.reason(failure),
            clock.instant()));
    var response =
        Responses.of(
            appId,
            changeId,
            false,
            failure == null,
            description,
            changes,
            diff,
            new WrittenDiffs(appId, plan.live()),
            applied.results());
    if (failure != null) {
      throw new DeployFailedException(changeId, ChangeApplier.reason(failure), failure, response);
    }
    return response;
  }

  /**
   * Starts the change. The app's resource set is what the plan keeps (versioned resources under
   * their {@code -ver-N} names, older versions kept), each with the hash of its redacted desired
   * object (for a versioned one, of what is applied, server fields left out).
   */
  private String start(
      Planner.Plan plan,
      ChangeTrigger trigger,
      Desired desired,
      String description,
      Duration syncPeriod,
      Provenance provenance,
      ApplyMode applyMode,
      IdempotencyKey key) {
    var recorded =
        RecordedSet.after(plan, desired.resources(), desired.stored(), planner.fingerprint());
    return starts.start(
        new StartAppChange(
            plan.app().appId(),
            plan.app().changeNumber(),
            trigger,
            recorded.namespaces(),
            recorded.set(),
            RecordedSet.opCounts(plan.changes()),
            RecordedSet.waitCounts(plan.changes()),
            description,
            clock.instant(),
            syncPeriod,
            ChangeSettings.ghostDiffPolicy(trigger, plan),
            trigger == ChangeTrigger.DELETE ? null : plan.settings().kappConfigs(),
            provenance,
            desired.rolledBackTo(),
            applyMode),
        key);
  }
}
