/**
 * Planning: compares desired objects with last-applied and live ones and orders the resulting
 * {@link io.driftless.diff.plan.Change}s into a {@link io.driftless.diff.plan.ChangeSet}, in kapp's
 * vocabulary (create, update, delete, noop, exists; wait to reconcile, delete, noop).
 *
 * <p>Owns the three-way diff semantics, the merge of the object to apply, field paths, merge keys,
 * quantities, versioned resources and the apply order (kapp change groups and rules). Must not know
 * how objects reach the cluster, how changes are recorded as events, or where last-applied objects
 * are stored: callers hand in plain Jackson trees and get plain records back. It never writes
 * anything.
 */
package io.driftless.diff.plan;
