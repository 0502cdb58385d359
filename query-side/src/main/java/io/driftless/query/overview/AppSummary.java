package io.driftless.query.overview;

import java.time.Instant;
import java.util.List;

/**
 * One app in {@code GET /api/apps} (kapp ls). {@code lastChange*}: the last change that applied
 * something (a deploy, reconcile, delete or rollback; a lock or unlock is not one). {@code locked}:
 * a change freeze is on ({@code POST .../lock}), by {@code lockedBy} since {@code lockedAt} because
 * of {@code lockReason}; all three null when not locked.
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
    String lockReason) {}
