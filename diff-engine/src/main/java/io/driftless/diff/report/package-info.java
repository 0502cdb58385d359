/**
 * What users read of a plan: kapp-style line diffs per change (Secret values masked), the Changes
 * table and Op/Wait summary, and the offline three-way diff of files that {@code driftless diff}
 * prints.
 *
 * <p>Builds on {@code plan}, {@code config}, {@code resources} and {@code text}; nothing there
 * depends on this package. Never does I/O: callers hand in texts and get texts or trees back.
 */
package io.driftless.diff.report;
