/**
 * The app-change history: per app, newest first, kapp's description, trigger, times, namespaces,
 * provenance and per-resource ops with their field diffs; lock and unlock rows; and the audit log
 * across apps ({@code GET /api/changes}). Fed by App events (the change rows) and ResourceChange
 * events (the resource rows); every change is kept unless {@code driftless.history.keep} is
 * positive, then only that many of each app's newest.
 */
package io.driftless.query.history;
