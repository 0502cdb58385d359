package io.driftless.command.app;

import io.driftless.events.ApplyMode;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.OpCounts;
import io.driftless.events.Provenance;
import io.driftless.events.WaitCounts;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Start a change of an app. Rejected while another change is in progress, or when the app has
 * changed since the caller planned ({@code expectedChangeNumber}). Returns the new change id.
 *
 * @param syncPeriod the app's sync period from now on, null for the server's default
 * @param ghostDiffPolicy the app's ghost-diff policy from now on
 * @param kappConfigs the kapp Config documents reconciles plan with from now on, a JSON array; null
 *     for none
 * @param provenance who and what asked for the change (stored on {@code AppChangeStarted})
 * @param rolledBackTo for a rollback, the change whose desired set it deploys again; else null
 * @param applyMode how the app's objects are written from now on (reconciles keep it)
 */
public record StartAppChange(
    @TargetAggregateIdentifier String appId,
    long expectedChangeNumber,
    ChangeTrigger trigger,
    List<String> namespaces,
    Map<String, String> desired,
    OpCounts ops,
    WaitCounts waits,
    String description,
    Instant at,
    Duration syncPeriod,
    GhostDiffPolicy ghostDiffPolicy,
    String kappConfigs,
    Provenance provenance,
    String rolledBackTo,
    ApplyMode applyMode) {

  /** Reads a null apply mode as the default, {@link ApplyMode#UPDATE}. */
  public StartAppChange {
    applyMode = ApplyMode.orDefault(applyMode);
  }

  /** A change in the default apply mode ({@link ApplyMode#UPDATE}). */
  public StartAppChange(
      String appId,
      long expectedChangeNumber,
      ChangeTrigger trigger,
      List<String> namespaces,
      Map<String, String> desired,
      OpCounts ops,
      WaitCounts waits,
      String description,
      Instant at,
      Duration syncPeriod,
      GhostDiffPolicy ghostDiffPolicy,
      String kappConfigs,
      Provenance provenance,
      String rolledBackTo) {
    this(
        appId,
        expectedChangeNumber,
        trigger,
        namespaces,
        desired,
        ops,
        waits,
        description,
        at,
        syncPeriod,
        ghostDiffPolicy,
        kappConfigs,
        provenance,
        rolledBackTo,
        ApplyMode.UPDATE);
  }

  /** A change that is not a rollback, by someone not known ({@link Provenance#unknown()}). */
  public StartAppChange(
      String appId,
      long expectedChangeNumber,
      ChangeTrigger trigger,
      List<String> namespaces,
      Map<String, String> desired,
      OpCounts ops,
      WaitCounts waits,
      String description,
      Instant at,
      Duration syncPeriod,
      GhostDiffPolicy ghostDiffPolicy,
      String kappConfigs) {
    this(
        appId,
        expectedChangeNumber,
        trigger,
        namespaces,
        desired,
        ops,
        waits,
        description,
        at,
        syncPeriod,
        ghostDiffPolicy,
        kappConfigs,
        Provenance.unknown(),
        null);
  }

  /** A change that sets the sync period only (the default ghost-diff policy, no Configs). */
  public StartAppChange(
      String appId,
      long expectedChangeNumber,
      ChangeTrigger trigger,
      List<String> namespaces,
      Map<String, String> desired,
      OpCounts ops,
      WaitCounts waits,
      String description,
      Instant at,
      Duration syncPeriod) {
    this(
        appId,
        expectedChangeNumber,
        trigger,
        namespaces,
        desired,
        ops,
        waits,
        description,
        at,
        syncPeriod,
        GhostDiffPolicy.REPORT,
        null);
  }

  /** A change that leaves the app on the server's default sync period. */
  public StartAppChange(
      String appId,
      long expectedChangeNumber,
      ChangeTrigger trigger,
      List<String> namespaces,
      Map<String, String> desired,
      OpCounts ops,
      WaitCounts waits,
      String description,
      Instant at) {
    this(
        appId,
        expectedChangeNumber,
        trigger,
        namespaces,
        desired,
        ops,
        waits,
        description,
        at,
        null);
  }
}
