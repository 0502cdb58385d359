package io.driftless.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * An App began a change: a deploy, a reconcile or a delete that has something to do.
 *
 * @param appId {@code namespace/app}
 * @param changeId e.g. {@code simple-app-change-000007}, unique per app
 * @param changeNumber the App's change counter after this change (1 for the first)
 * @param trigger what started the change
 * @param startedAt when it started
 * @param namespaces the namespaces the app's resources live in after the change, sorted
 * @param desired the desired resource set after the change: resource key id to content hash
 * @param ops the planned operations
 * @param waits what the change will wait for
 * @param description kapp's summary, e.g. {@code update: Op: 2 create, 0 delete, 0 update, 0 noop,
 *     0 exists / Wait to: 2 reconcile, 0 delete, 0 noop}
 * @param syncPeriod how often the app is reconciled, ISO-8601 ({@code PT1M}), from the deploy's
 *     {@code syncPeriod} parameter (a reconcile keeps the app's); null for the server's default,
 *     and in stores written before the field existed
 * @param ghostDiffPolicy what the app does about ghost diffs, from the deploy's {@code
 *     ghostDiffPolicy} parameter (a reconcile keeps the app's): {@code "report"} (keep writing the
 *     field, report it) or {@code "yield"} (stop writing it, see {@link GhostDiffYielded}) in JSON;
 *     null for the default {@link GhostDiffPolicy#REPORT} ({@link GhostDiffPolicy#stored()}), and
 *     in stores written before the field existed ({@link GhostDiffPolicy#orDefault})
 * @param kappConfigs the kapp Config documents the deploy came with (inline Configs and those of
 *     {@code kapp.k14s.io/config} ConfigMaps) as a JSON array (which is YAML too), so reconciles
 *     plan with the same rebase rules (a reconcile keeps the app's); null when there were none, and
 *     in stores written before the field existed
 * @param provenance who and what asked for the change ({@link Provenance}); changes recorded before
 *     it existed read {@link Provenance#unknown()} (a missing or null field, and the command side's
 *     upcaster of older revisions)
 * @param rolledBackTo for a {@link ChangeTrigger#ROLLBACK}, the change whose desired set it deploys
 *     again; null for every other change
 * @param applyMode how the change writes to the cluster, from the deploy's {@code applyMode}
 *     parameter (a reconcile keeps the app's): {@code "server-side"}, or null for the default
 *     {@link ApplyMode#UPDATE} ({@link ApplyMode#stored()}) and in stores written before the field
 *     existed; left out of the JSON when null
 */
public record AppChangeStarted(
    String appId,
    String changeId,
    long changeNumber,
    ChangeTrigger trigger,
    Instant startedAt,
    List<String> namespaces,
    Map<String, String> desired,
    OpCounts ops,
    WaitCounts waits,
    String description,
    String syncPeriod,
    GhostDiffPolicy ghostDiffPolicy,
    String kappConfigs,
    Provenance provenance,
    String rolledBackTo,
    @JsonInclude(JsonInclude.Include.NON_NULL) ApplyMode applyMode)
    implements AppEvent {

  /** A change in the default apply mode ({@link ApplyMode#UPDATE}). */
  public AppChangeStarted(
      String appId,
      String changeId,
      long changeNumber,
      ChangeTrigger trigger,
      Instant startedAt,
      List<String> namespaces,
      Map<String, String> desired,
      OpCounts ops,
      WaitCounts waits,
      String description,
      String syncPeriod,
      GhostDiffPolicy ghostDiffPolicy,
      String kappConfigs,
      Provenance provenance,
      String rolledBackTo) {
    this(
        appId,
        changeId,
        changeNumber,
        trigger,
        startedAt,
        namespaces,
        desired,
        ops,
        waits,
        description,
        syncPeriod,
        ghostDiffPolicy,
        kappConfigs,
        provenance,
        rolledBackTo,
        null);
  }

  /** Reads a change recorded before provenance existed as {@link Provenance#unknown()}. */
  public AppChangeStarted {
    provenance = provenance == null ? Provenance.unknown() : provenance;
  }

  /** A change recorded without provenance (read as {@link Provenance#unknown()}), no rollback. */
  public AppChangeStarted(
      String appId,
      String changeId,
      long changeNumber,
      ChangeTrigger trigger,
      Instant startedAt,
      List<String> namespaces,
      Map<String, String> desired,
      OpCounts ops,
      WaitCounts waits,
      String description,
      String syncPeriod,
      GhostDiffPolicy ghostDiffPolicy,
      String kappConfigs) {
    this(
        appId,
        changeId,
        changeNumber,
        trigger,
        startedAt,
        namespaces,
        desired,
        ops,
        waits,
        description,
        syncPeriod,
        ghostDiffPolicy,
        kappConfigs,
        null,
        null);
  }

  /** A change of an app with the default ghost-diff policy and no kapp Config documents. */
  public AppChangeStarted(
      String appId,
      String changeId,
      long changeNumber,
      ChangeTrigger trigger,
      Instant startedAt,
      List<String> namespaces,
      Map<String, String> desired,
      OpCounts ops,
      WaitCounts waits,
      String description,
      String syncPeriod) {
    this(
        appId,
        changeId,
        changeNumber,
        trigger,
        startedAt,
        namespaces,
        desired,
        ops,
        waits,
        description,
        syncPeriod,
        null,
        null);
  }

  /** A change of an app on the server's default sync period. */
  public AppChangeStarted(
      String appId,
      String changeId,
      long changeNumber,
      ChangeTrigger trigger,
      Instant startedAt,
      List<String> namespaces,
      Map<String, String> desired,
      OpCounts ops,
      WaitCounts waits,
      String description) {
    this(
        appId,
        changeId,
        changeNumber,
        trigger,
        startedAt,
        namespaces,
        desired,
        ops,
        waits,
        description,
        null);
  }
}
