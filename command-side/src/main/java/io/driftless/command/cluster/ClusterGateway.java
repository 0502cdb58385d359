package io.driftless.command.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ResourceKey;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * Reads and writes objects in the cluster. Writes are PUT with the live resourceVersion (as kapp
 * does), never server-side apply, so they work on every API server and on the sandbox. Every object
 * read back is checked to be the one asked for (kind, name, namespace), never a list or a status:
 * otherwise a {@link ClusterException}.
 */
public interface ClusterGateway {

  /** The live object, if it exists. */
  Optional<ObjectNode> get(ResourceKey key, String apiVersion);

  /** Creates an object; returns it as the server stored it. An existing object fails with 409. */
  ObjectNode create(ResourceKey key, ObjectNode object);

  /** Replaces an object, conditional on {@code resourceVersion}: a stale version fails with 409. */
  ObjectNode update(ResourceKey key, ObjectNode object, String resourceVersion);

  /**
   * Server-side applies {@code object} as field manager {@code driftless}: creates it when absent,
   * else sets the fields it states and drops those the manager stated before and no longer does.
   *
   * @param force take fields another manager owns (else such a field is a {@link
   *     FieldConflictException})
   */
  ObjectNode apply(ResourceKey key, ObjectNode object, boolean force);

  /** Deletes an object; true if it existed. */
  boolean delete(ResourceKey key, String apiVersion);

  /**
   * The names of the objects of one kind that carry a label, in one namespace ({@code ""}: a
   * cluster-scoped kind). What an app's delete uses to find the objects labelled for the app that
   * it did not record. The default, for gateways that cannot list (test doubles), finds none.
   *
   * @param probe a key of the kind and namespace to list (its name is not used)
   */
  default List<String> labelled(ResourceKey probe, String apiVersion, String label, String value) {
    return List.of();
  }

  /**
   * The objects of one kind that carry a label, in one namespace ({@code ""}: a cluster-scoped
   * kind, or every namespace), read with one label-selected LIST: what a plan reads the app's live
   * objects with, one request per kind and namespace rather than one per object. Empty when the
   * gateway cannot list (test doubles, the default): the caller then reads object by object. The
   * objects are read only: an object listed again at the same resourceVersion may be the very tree
   * an earlier read got.
   *
   * @param probe a key of the kind and namespace to list (its name is not used)
   */
  default Optional<List<ObjectNode>> labelledObjects(
      ResourceKey probe, String apiVersion, String label, String value) {
    return Optional.empty();
  }

  /**
   * Every object of one kind in one namespace ({@code ""}: a cluster-scoped kind), read with one
   * LIST without a selector: what a first deploy reads the objects it is about to create with,
   * where two or more of a kind are not labelled for the app ({@link LabelledReads}), rather than
   * one GET each. An object the list does not hold does not exist. Empty when the gateway cannot
   * list (test doubles, the default) or when one list would not cover exactly the probe's namespace
   * (a key without a namespace of a namespaced kind, a namespace given to a cluster-scoped kind):
   * the caller then reads object by object. The objects are read only, as {@link
   * #labelledObjects}'s.
   *
   * @param probe a key of the kind and namespace to list (its name is not used)
   */
  default Optional<List<ObjectNode>> objects(ResourceKey probe, String apiVersion) {
    return Optional.empty();
  }

  /**
   * Where reads may run at once ({@link LabelledReads#listEach}: the LISTs of many kinds). The
   * default, for test doubles, runs each read on the caller's thread, one after another.
   */
  default Executor reads() {
    return Runnable::run;
  }

  /**
   * Tells the gateway what a CRD of the manifest declares about a custom kind.
   *
   * @param plural the plural name, null when the CRD does not say (then from the cluster's CRD)
   * @param namespaced true for {@code Namespaced}, false for {@code Cluster}, null when the CRD
   *     does not say (a placeholder CRD): then the cluster's own CRD decides once it exists
   */
  void learnCustomKind(String group, String kind, String plural, Boolean namespaced);
}
