/**
 * Drift and ghost diffs (query side README, "Drift and ghost diffs"): each change's trigger and the
 * ghost diffs the reconciler reported, with Driftless's yield decisions; {@code GET
 * /api/ghost-diffs}. The inventory's drift state and the overview's counts are read at query time
 * ({@code api.DriftStates}). Fed by App and ResourceChange events; knows no other view.
 */
package io.driftless.query.drift;
