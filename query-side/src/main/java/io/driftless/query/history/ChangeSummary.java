package io.driftless.query.history;

import java.time.Instant;
import java.util.List;

/** One change in {@code GET .../changes}, newest first. */
record ChangeSummary(
    String changeId,
    String trigger,
    Instant startedAt,
    Instant finishedAt,
    Boolean successful,
    String description,
    List<String> namespaces) {}
