package io.driftless.command.apply;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.plan.Change;

/**
 * What one change did in the cluster; {@link ChangeRecords} turns it into the ResourceChange's
 * record.
 *
 * @param kind what happened
 * @param change the change as written (re-planned after a conflict: its applied object may differ
 *     from the plan's; its fields are the plan's)
 * @param stored the object as the cluster stored it, null when nothing was stored
 */
record Outcome(Kind kind, Change change, ObjectNode stored) {

  /** What happened to the object. */
  enum Kind {
    /** Created (or re-created by a replace): a new object. */
    CREATED,
    /** An existing object was written. */
    UPDATED,
    /** Deleted, or found gone. */
    DELETED,
    /** Left in the cluster without the app's labels (kapp's delete strategy orphan). */
    ORPHANED,
    /** Nothing written: the object exists (kapp.k14s.io/exists), or the strategy said so. */
    UNTOUCHED
  }
}
