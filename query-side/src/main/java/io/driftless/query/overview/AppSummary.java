package io.driftless.query.overview;

import java.time.Instant;
import java.util.List;

/** One app in {@code GET /api/apps} (kapp ls). */
record AppSummary(
    String namespace,
    String name,
    List<String> namespaces,
    Boolean lastChangeSuccessful,
    Instant lastChangeAt,
    String lastChangeAge,
    String changeInProgress) {}
