/**
 * Drift as events (issue 30 point 4): what the cluster's watches report of an owned object that
 * changed outside Driftless is diffed here, one object at a time, against that object's stored
 * desired state ({@link io.driftless.command.drift.DriftDiff}) and sent to its ResourceChange as
 * {@code RecordDriftSeen} ({@link io.driftless.command.drift.DriftWatch}); the aggregate decides
 * whether it is news. It reads aggregates and the watch's object, never the cluster, and writes
 * nothing to it; it must not know the reconcile scheduler or the deploy use cases.
 */
package io.driftless.command.drift;
