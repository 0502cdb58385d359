package io.driftless.command.app;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppDeleted;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.GhostDiffPolicy;
import java.time.Duration;
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

  /** For Axon. */
  protected App() {}

  @CommandHandler
  @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
  public String handle(StartAppChange command) {
    if (changeInProgress != null) {
      throw new ChangeInProgressException(command.appId(), changeInProgress);
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
            null,
            command.rolledBackTo()));
    return changeId;
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
        kappConfigs);
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
