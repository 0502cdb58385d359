/**
 * The app overview, the multi-aggregate ("cash register") view: the app row is changed by App
 * events; the live resource counts by kind by ResourceChange events, with atomic {@code live = live
 * + 1} SQL so that interleaved resources of one app never overwrite each other.
 */
package io.driftless.query.overview;
