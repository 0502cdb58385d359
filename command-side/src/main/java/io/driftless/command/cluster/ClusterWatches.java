package io.driftless.command.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Watches on the objects the apps own (label {@code driftless.io/app}), one per kind, telling which
 * app's objects changed in a way that asks for a reconcile: a new {@code metadata.generation},
 * other labels or annotations, or a delete; never a status-only or resourceVersion-only update, and
 * never Driftless's own writes ({@link Fingerprints} has the rule). Each watch keeps only a {@link
 * Fingerprint} per object, restarts with a bounded backoff after errors and re-lists on restart.
 */
public interface ClusterWatches extends AutoCloseable {

  /** Who hears of changed apps (by app id); called on the watches' threads, must not block. */
  void listen(Consumer<String> changedApp);

  /**
   * Who hears of each owned object that changed in such a way (the owning app's id and the object
   * as the watch saw it, {@code managedFields} included), besides {@link #listen}: the drift check.
   * Called on the watches' threads, must not block.
   */
  void listenObjects(BiConsumer<String, ObjectNode> changedObject);

  /** Watches exactly these kinds from now on: new ones start, the others stop. */
  void scope(Set<WatchedKind> kinds);

  /** The kinds watched now. */
  Set<WatchedKind> scope();

  /** How many owned objects the watches know (each held as a fingerprint). */
  int objects();

  /** Stops every watch. */
  @Override
  void close();
}
