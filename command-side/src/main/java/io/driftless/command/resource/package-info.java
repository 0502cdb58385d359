/**
 * The ResourceChange aggregate: one per object of an app. It remembers the last-applied object (the
 * "original" of a three-way merge) and the live resourceVersion and generation seen right after
 * Driftless's last apply, so the planner can tell whether anybody else changed the object; and, per
 * field, how often in a row the cluster set it back (ghost diffs: {@code GhostDiffDetected}, {@code
 * GhostDiffYielded}, the suggested kapp rebase rule); and which paths are drifted now ({@code
 * DriftDetected}, ended by {@code DriftCorrected}). It never does I/O.
 */
package io.driftless.command.resource;
