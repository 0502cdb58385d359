/**
 * The app overview, the multi-aggregate ("cash register") view: the app row is changed by App
 * events; the live resource counts by kind by ResourceChange events, with atomic {@code live = live
 * + 1} SQL so that interleaved resources of one app never overwrite each other. The app's last
 * reconcile is read when asked from the command side's {@code reconcile_lease} ({@link
 * io.driftless.query.overview.LastReconciles}).
 */
package io.driftless.query.overview;
