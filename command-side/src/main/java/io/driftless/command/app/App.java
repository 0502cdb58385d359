package io.driftless.command.app;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.AppLocked;
import io.driftless.events.AppUnlocked;
import io.driftless.events.ApplyMode;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.Provenance;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * An app: the unit a deploy client sends whole. Holds the resource set, the change in progress and
 * the change counter; allows one change at a time. A change is numbered when it starts; its id is
 * {@code <app>-change-<number, six digits>} as kapp names its app changes ({@link ChangeIds}).
 *
 * <p>A lock (a change freeze, {@link LockApp}) takes a change number of its own, as its unlock
 * does; while it is in force, deploys and deletes are refused ({@link AppLockedException}),
 * reconciles and rollbacks start as ever ({@link AppLock#refuses}).
 *
 * <p>The resource set becomes the new desired set only when a change succeeds; a failed change
 * leaves the union of both, so that resources it may have created are deleted later.
 */
@Aggregate(snapshotTriggerDefinition = "driftlessSnapshotTrigger")
public class App {

  @AggregateIdentifier private String appId;
  private long changeNumber;
  private String changeInProgress;
  private ChangeTrigger triggerInProgress;
  private AppChangeStarted started;
  private Map<String, String> pending = new TreeMap<>();
  private Map<String, String> resources = new TreeMap<>();

  /**
   * Whether the app's last finished delete succeeded and no change started since. Snapshots taken
   * before this field existed read false: such an app counts as existing until a delete.
   */
  private boolean deleted;

  /** The app's own sync period (ISO-8601), null for the server's default. */
  private String syncPeriod;

  /**
   * The app's ghost-diff policy as its last change stored it: null for the default {@code report}
   * (also in snapshots of older stores).
   */
  private GhostDiffPolicy ghostDiffPolicy;

  /** The change that started the {@code yield} policy in force; 0 under {@code report}. */
  private long yieldSince;

  /** The kapp Config documents of the last deploy, a JSON array; null for none. */
  private String kappConfigs;

  /**
   * How the app's objects are written, as its last change stored it: null for the default {@code
   * update} (also in snapshots of older stores).
   */
  private ApplyMode applyMode;

  /**
   * The lock in force, field by field (snapshots hold plain fields); all null while unlocked, and
   * in snapshots of stores from before locks.
   */
  private String lockChangeId;

  private String lockedBy;
  private Instant lockedAt;
  private String lockReason;

  /** For Axon. */
  protected App() {}

  @CommandHandler
  @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
  public String handle(StartAppChange command) {
    if (changeInProgress != null) {
      throw new ChangeInProgressException(command.appId(), changeInProgress);
    }
    if (lockedBy != null && lock().refuses(command.trigger())) {
      throw new AppLockedException(appId, lock());
    }
    if (command.expectedChangeNumber() != changeNumber) {
      throw new StaleAppStateException(
          command.appId(), command.expectedChangeNumber(), changeNumber);
    }
    var number = changeNumber + 1;
    var changeId = ChangeIds.of(command.appId(), number);
    apply(
        new AppChangeStarted(
            command.appId(),
            changeId,
            number,
            command.trigger(),
            command.at(),
            command.namespaces(),
            command.desired(),
            command.ops(),
            command.waits(),
            command.description(),
            command.syncPeriod() == null ? null : command.syncPeriod().toString(),
            command.ghostDiffPolicy().stored(),
            command.kappConfigs(),
            command.provenance(),
            command.rolledBackTo(),
            command.applyMode().stored()));
    return changeId;
  }

  /** Locks the app; a change in progress runs on. Answers the lock it recorded. */
  @CommandHandler
  public LockRecorded handle(LockApp command) {
    if (lockedBy != null) {
      throw new AppLockedException(appId, lock());
    }
    var number = changeNumber + 1;
    var changeId = ChangeIds.of(appId, number);
    var actor = command.provenance().actor();
    apply(
        new AppLocked(
            appId, changeId, number, command.reason(), command.provenance(), command.at()));
    return new LockRecorded(
        changeId,
        new AppLock(changeId, actor, command.at(), command.reason()),
        actor,
        command.at());
  }

  /** Unlocks the app: its locker or an admin. Answers the unlock with the lock it ended. */
  @CommandHandler
  public LockRecorded handle(UnlockApp command) {
    if (lockedBy == null) {
      throw new NotLockedException(appId);
    }
    var lock = lock();
    var actor = command.provenance().actor();
    if (!command.admin() && !lock.lockedBy().equals(actor)) {
      throw new LockHeldByOtherException(appId, lock, actor);
    }
    var number = changeNumber + 1;
    var changeId = ChangeIds.of(appId, number);
    apply(
        new AppUnlocked(
            appId, changeId, number, lock.lockedBy(), command.provenance(), command.at()));
    return new LockRecorded(changeId, lock, actor, command.at());
  }

  private AppLock lock() {
    return lockedBy == null ? null : new AppLock(lockChangeId, lockedBy, lockedAt, lockReason);
  }

  @CommandHandler
  public void handle(FinishAppChange command) {
    requireInProgress(command.changeId());
    var trigger = triggerInProgress;
    apply(
        new AppChangeFinished(
            appId,
            command.changeId(),
            command.successful(),
            command.description(),
            command.ops(),
            command.waits(),
            command.at(),
            command.error()));
    if (command.successful() && trigger == ChangeTrigger.DELETE) {
      apply(new AppDeleted(appId, command.changeId(), command.at()));
    }
  }

  @CommandHandler
  public void handle(AbandonAppChange command) {
    requireInProgress(command.changeId());
    apply(
        new AppChangeFinished(
            appId,
            command.changeId(),
            false,
            started.description(),
            started.ops(),
            started.waits(),
            command.at(),
            command.reason()));
  }

  /**
   * Closes the open change {@code changeId} as failed, by hand; answers the finish it recorded. A
   * change that ended is {@link ChangeNotOpenException}, one the app never had {@link
   * ChangeNotFoundException}. An aborted delete leaves the app (no {@code AppDeleted}), as a failed
   * one does.
   */
  @CommandHandler
  public AppChangeFinished handle(AbortAppChange command) {
    var changeId = command.changeId();
    if (changeInProgress == null || !changeInProgress.equals(changeId)) {
      throw hadChange(changeId)
          ? new ChangeNotOpenException(appId, changeId)
          : new ChangeNotFoundException(appId, changeId);
    }
    var reason =
        command.reason() == null || command.reason().isBlank()
            ? "closed by hand while it was open"
            : command.reason().strip();
    var finished =
        new AppChangeFinished(
            appId,
            changeId,
            false,
            started.description(),
            started.ops(),
            started.waits(),
            command.at(),
            "aborted by " + command.actor() + ": " + reason);
    apply(finished);
    return finished;
  }

  /** Whether {@code changeId} is one of the app's changes so far (numbered 1 to changeNumber). */
  private boolean hadChange(String changeId) {
    var number = ChangeIds.parse(changeId).orElse(0);
    return number >= 1 && number <= changeNumber && ChangeIds.of(appId, number).equals(changeId);
  }

  /** A read-only view for planning. */
  public AppState state() {
    var all = new TreeMap<>(resources);
    return new AppState(
        appId,
        changeNumber,
        changeInProgress,
        Map.copyOf(all),
        changeNumber > 0 && !deleted,
        syncPeriod == null ? null : Duration.parse(syncPeriod),
        GhostDiffPolicy.orDefault(ghostDiffPolicy),
        yieldSince,
        kappConfigs,
        lock(),
        applyMode);
  }

  @EventSourcingHandler
  void on(AppChangeStarted event) {
    appId = event.appId();
    changeNumber = event.changeNumber();
    changeInProgress = event.changeId();
    triggerInProgress = event.trigger();
    started = event;
    pending = new TreeMap<>(event.desired());
    deleted = false;
    syncPeriod = event.syncPeriod();
    if (event.ghostDiffPolicy() != GhostDiffPolicy.YIELD) {
      yieldSince = 0;
    } else if (yieldSince == 0) {
      yieldSince = event.changeNumber();
    }
    ghostDiffPolicy = event.ghostDiffPolicy();
    kappConfigs = event.kappConfigs();
    applyMode = event.applyMode();
  }

  @EventSourcingHandler
  void on(AppChangeFinished event) {
    if (event.successful()) {
      resources = pending;
    } else {
      var union = new TreeMap<>(resources);
      union.putAll(pending);
      resources = union;
    }
    pending = new TreeMap<>();
    changeInProgress = null;
    triggerInProgress = null;
    started = null;
  }

  @EventSourcingHandler
  void on(AppLocked event) {
    changeNumber = event.changeNumber();
    lockChangeId = event.changeId();
    lockedBy = event.provenance() == null ? Provenance.UNKNOWN : event.provenance().actor();
    lockedAt = event.at();
    lockReason = event.reason();
  }

  @EventSourcingHandler
  void on(AppUnlocked event) {
    changeNumber = event.changeNumber();
    lockChangeId = null;
    lockedBy = null;
    lockedAt = null;
    lockReason = null;
  }

  @EventSourcingHandler
  void on(AppDeleted event) {
    resources = new TreeMap<>();
    deleted = true;
  }

  private void requireInProgress(String changeId) {
    if (changeInProgress == null || !changeInProgress.equals(changeId)) {
      throw new UnknownChangeException(appId, changeId);
    }
  }
}
