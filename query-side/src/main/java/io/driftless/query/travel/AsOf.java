package io.driftless.query.travel;

import java.time.Instant;

/**
 * A change an app's desired set is read as of.
 *
 * @param number the change's number within its app
 * @param changeId the change's id
 * @param at when it started
 */
record AsOf(long number, String changeId, Instant at) {}
