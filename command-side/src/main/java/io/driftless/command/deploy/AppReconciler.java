package io.driftless.command.deploy;

import io.driftless.command.app.ChangeInProgressException;
import io.driftless.command.app.StaleAppStateException;
import io.driftless.command.apply.ChangeApplier;
import io.driftless.command.plan.AggregateStates;
import io.driftless.events.ResourceIds;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The reconcile use case for callers outside the HTTP API (the periodic and watch-triggered
 * reconciles of {@code io.driftless.command.reconcile}): the same {@link DeployService#reconcile}
 * as {@code POST .../reconcile}, its answer reduced to what a scheduler needs. A locked app is
 * reconciled as ever (docs/API.md, "While locked": a change freeze refuses deploys and deletes, not
 * the putting back of drift).
 */
@Component
public class AppReconciler {

  private static final Logger log = LoggerFactory.getLogger(AppReconciler.class);

  private final DeployService deploys;
  private final AggregateStates states;

  AppReconciler(DeployService deploys, AggregateStates states) {
    this.deploys = deploys;
    this.states = states;
  }

  /** How a reconcile ended. */
  public enum Result {
    /** Nothing to do: nothing written, nothing stored. */
    NOOP,
    /** Something was applied and recorded as a change with trigger {@code reconcile}. */
    APPLIED,
    /** The cluster refused or failed (the change, if one started, is recorded as failed). */
    FAILED,
    /** Another change of the app was running: try again soon, not a failure. */
    BUSY,
    /** The app does not exist (never deployed, or deleted). */
    GONE
  }

  /**
   * What a reconcile did.
   *
   * @param changeId the change it recorded, null when none
   * @param error why it failed or was busy, null otherwise
   * @param syncPeriod the app's own sync period ({@code syncPeriod} of its last deploy), null for
   *     the server's default
   */
  public record Outcome(Result result, String changeId, String error, Duration syncPeriod) {}

  /** Reconciles the app {@code namespace/app}; never throws for the expected endings. */
  public Outcome reconcile(String appId) {
    var namespace = ResourceIds.appNamespace(appId);
    var app = ResourceIds.appName(appId);
    try {
      var response = deploys.reconcile(namespace, app);
      var period = states.app(appId).syncPeriod();
      return response.changeId() == null
          ? new Outcome(Result.NOOP, null, null, period)
          : new Outcome(Result.APPLIED, response.changeId(), null, period);
    } catch (AppNotFoundException e) {
      return new Outcome(Result.GONE, null, null, null);
    } catch (ChangeInProgressException | StaleAppStateException e) {
      return new Outcome(Result.BUSY, null, e.getMessage(), null);
    } catch (DeployFailedException e) {
      return new Outcome(Result.FAILED, e.changeId(), e.getMessage(), null);
    } catch (RuntimeException e) {
      // Planning failed (no change started), or a change failed and even its finish failed: the
      // scheduler logs the reason at WARN; the trace is here for whoever debugs it.
      log.debug("Reconcile of {} failed", appId, e);
      return new Outcome(Result.FAILED, null, ChangeApplier.reason(e), null);
    }
  }
}
