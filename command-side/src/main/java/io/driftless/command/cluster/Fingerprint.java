package io.driftless.command.cluster;

/**
 * All a watch keeps of one owned object: whose it is, its {@code metadata.generation} and a hash of
 * what a reconcile cares about that the generation does not cover ({@link Fingerprints}). Never the
 * object itself, so the watches' memory grows by a few dozen bytes per object, whatever the
 * objects' size.
 *
 * @param appId the owning app ({@code driftless.io/app-id}), one shared string per app
 * @param generation {@code metadata.generation}, 0 for kinds without one
 * @param hash uid, labels, annotations (but those the cluster's controllers write) and, for kinds
 *     without a generation, the content outside {@code metadata} and {@code status}
 */
record Fingerprint(String appId, long generation, long hash) {

  /**
   * Whether going from {@code before} to {@code after} asks for a reconcile: a known object whose
   * generation or hashed parts changed. An object seen for the first time ({@code before} null)
   * never does: it is a create, ours or someone else's, and creates are not drift.
   */
  static boolean triggers(Fingerprint before, Fingerprint after) {
    return before != null && (before.generation != after.generation || before.hash != after.hash);
  }
}
