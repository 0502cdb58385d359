package io.driftless.query.overview;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** {@code GET /api/apps/{namespace}/{app}}. Drift and ghost diffs come with the reconciler. */
record AppOverview(
    String namespace,
    String name,
    List<String> namespaces,
    Boolean lastChangeSuccessful,
    Instant lastChangeAt,
    String lastChangeAge,
    String changeInProgress,
    Map<String, Long> resourceCounts,
    long driftCount,
    long ghostDiffCount,
    Instant lastReconcileAt) {}
