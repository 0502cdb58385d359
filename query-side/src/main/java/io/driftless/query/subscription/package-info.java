/**
 * Events out (issue 30): webhook subscriptions and the delivery of stored events to them as
 * CloudEvents 1.0 (and CDEvents for successful deploys, upgrades, rollbacks and removals).
 *
 * <p>{@link io.driftless.query.subscription.SubscriptionOutbox} is fed like a view (the version
 * check, in order per aggregate, in the views' transaction) and turns each event into one delivery
 * row per matching subscription; {@link io.driftless.query.subscription.DeliveryDispatcher} sends
 * the rows, per subscription and app in order, signed, with backoff, claiming each row with a lease
 * so several query-side processes share the work. The outbox is no view: it is never rebuilt, and
 * its tables are no view's. Knows the projection ground floor and {@code api/}; no view, not
 * delivery/ nor rebuild/.
 */
package io.driftless.query.subscription;
