package io.driftless.query.overview;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /api/apps/{namespace}/{app}} (query side README, "Drift and ghost diffs").
 *
 * @param locked a change freeze is on; {@code lockedBy}, {@code lockedAt}, {@code lockReason} say
 *     who set it, when and why (null when not locked), as in {@link AppSummary}
 * @param driftCount objects whose drift state is {@code corrected}, {@code ghost-diff}, {@code
 *     drifted} or {@code failed}: every object that drifted since its last deploy, those put back
 *     included; null while the drift view is not built
 * @param outOfSyncCount objects out of sync now: drift {@code ghost-diff} (the cluster keeps its
 *     own value), {@code drifted} (changed outside, not put back yet) or {@code failed} (a
 *     reconcile could not put it back); a {@code corrected} object was put back and a {@code
 *     yielded} one is as the app chose (issue 29); null while the drift view is not built
 * @param ghostDiffCount ghost diffs reported and not yielded; null while the drift view is not
 *     built
 * @param lastReconcileAt when the app was last reconciled (command side's {@code reconcile_lease});
 *     null if never or unknown to the store
 * @param lastReconcileResult {@code noop}, {@code applied}, {@code failed}, {@code busy} or {@code
 *     gone}; null with {@code lastReconcileAt}
 * @param lastReconcileChangeId the change the last reconcile recorded, if it applied something
 * @param lastReconcileError why the last reconcile failed, else null
 */
record AppOverview(
    String namespace,
    String name,
    List<String> namespaces,
    Boolean lastChangeSuccessful,
    Instant lastChangeAt,
    String lastChangeAge,
    String changeInProgress,
    boolean locked,
    String lockedBy,
    Instant lockedAt,
    String lockReason,
    Map<String, Long> resourceCounts,
    Long driftCount,
    Long outOfSyncCount,
    Long ghostDiffCount,
    Instant lastReconcileAt,
    String lastReconcileResult,
    String lastReconcileChangeId,
    String lastReconcileError) {}
