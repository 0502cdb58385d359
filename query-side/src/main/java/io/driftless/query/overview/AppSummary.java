package io.driftless.query.overview;

import java.time.Instant;
import java.util.List;

/**
 * One app in {@code GET /api/apps} (kapp ls). {@code lastChange*}: the last change that applied
 * something (a deploy, reconcile, delete or rollback; a lock or unlock is not one). {@code locked}:
 * a change freeze is on ({@code POST .../lock}), by {@code lockedBy} since {@code lockedAt} because
 * of {@code lockReason}; all three null when not locked. {@code outOfSyncCount} and {@code
 * ghostDiffCount}: as the app's overview has them (issue 29 point 8: the page's Apps list reads
 * them here instead of one overview per app); null while the drift view is not built.
 */
record AppSummary(
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
    Long outOfSyncCount,
    Long ghostDiffCount) {

  /** The same app with its drift counts (null while the drift view is not built). */
  AppSummary withCounts(Long outOfSync, Long ghostDiffs) {
    return new AppSummary(
        namespace,
        name,
        namespaces,
        lastChangeSuccessful,
        lastChangeAt,
        lastChangeAge,
        changeInProgress,
        locked,
        lockedBy,
        lockedAt,
        lockReason,
        outOfSync,
        ghostDiffs);
  }
}
