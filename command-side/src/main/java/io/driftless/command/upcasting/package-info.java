/**
 * Event revisions and upcasters: how events stored in an older shape are read in today's. The event
 * records (shared-events) know nothing of Axon, so their revisions are named here ({@link
 * io.driftless.command.upcasting.EventRevisions}), and each upcaster lifts one older revision to
 * the next on the JSON, before any record is built. It knows the event records and Jackson trees,
 * nothing of the HTTP face, the cluster or the aggregates.
 */
package io.driftless.command.upcasting;
