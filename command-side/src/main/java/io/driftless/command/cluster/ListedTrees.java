package io.driftless.command.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The trees of objects read with a LIST, kept with the {@code uid} and {@code resourceVersion} each
 * was read at, so that an object listed again unchanged is not turned into a tree again: the API
 * server gives an object a new resourceVersion at every write (Kubernetes' "Resource versions"; the
 * sandbox does the same), so an item with the same name, apiVersion, uid and resourceVersion holds
 * what the tree made last time holds (issue 31: turning the listed items into trees was two thirds
 * of the reading threads' CPU in an unchanged knative redeploy, as much as its plan). Such a tree
 * is shared by every read that gets it, so it is read only, as the gateway's objects are ({@link
 * ClusterGateway#labelledObjects}); an item without a uid or resourceVersion is converted every
 * time.
 *
 * <p>At most {@code capacity} trees are kept, the least recently used going first; 0 keeps none.
 * Thread-safe.
 */
final class ListedTrees {

  private record At(String namespace, String name, String kind, String apiVersion) {}

  private record Kept(String uid, String resourceVersion, ObjectNode tree) {}

  private final int capacity;
  private final Map<At, Kept> kept;

  ListedTrees(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("a capacity of at least 0, not " + capacity);
    }
    this.capacity = capacity;
    this.kept =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<At, Kept> eldest) {
            return size() > ListedTrees.this.capacity;
          }
        };
  }

  /**
   * The tree of a listed {@code item} of {@code kind} at {@code apiVersion}: the one kept for its
   * uid and resourceVersion, else {@code convert}'s, kept from now on.
   */
  ObjectNode tree(
      String kind,
      String apiVersion,
      GenericKubernetesResource item,
      Function<GenericKubernetesResource, ObjectNode> convert) {
    var metadata = item.getMetadata();
    var uid = metadata == null ? null : metadata.getUid();
    var version = metadata == null ? null : metadata.getResourceVersion();
    if (capacity == 0 || uid == null || uid.isEmpty() || version == null || version.isEmpty()) {
      return convert.apply(item);
    }
    var at = new At(metadata.getNamespace(), metadata.getName(), kind, apiVersion);
    synchronized (this) {
      var found = kept.get(at);
      if (found != null && found.uid().equals(uid) && found.resourceVersion().equals(version)) {
        return found.tree();
      }
    }
    var tree = convert.apply(item);
    synchronized (this) {
      kept.put(at, new Kept(uid, version, tree));
    }
    return tree;
  }

  /** How many trees are kept. */
  synchronized int size() {
    return kept.size();
  }
}
