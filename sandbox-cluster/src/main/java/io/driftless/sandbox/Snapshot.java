package io.driftless.sandbox;

import java.util.List;

/**
 * What the store file holds: every object, in the server's order, and the last resourceVersion
 * issued (a restarted sandbox continues after it, so no resourceVersion is ever issued twice).
 */
record Snapshot(long resourceVersion, List<StoredObject> objects) {

  static final Snapshot EMPTY = new Snapshot(0, List.of());
}
