/**
 * The app-change history: per app, newest first, kapp's description, trigger, times, namespaces and
 * per-resource ops with their field diffs. Fed by App events (the change rows) and ResourceChange
 * events (the resource rows); only the newest {@code driftless.history.keep} changes per app are
 * kept.
 */
package io.driftless.query.history;
