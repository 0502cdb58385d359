/**
 * Periodic and watch-triggered reconciles: per app a schedule (sync period, jitter, backoff after
 * failures) and a lease in the command side's own database, so with several replicas each app is
 * reconciled by one at a time; metrics of what the reconciles did. The reconcile itself is the
 * deploy package's ({@code AppReconciler}); the watches are the cluster package's. It must not know
 * fabric8 or the aggregates (checked by {@code CommandArchitectureTest}).
 */
package io.driftless.command.reconcile;
