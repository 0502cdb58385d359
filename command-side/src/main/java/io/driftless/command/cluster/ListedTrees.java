package io.driftless.command.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import java.util.function.Function;

/**
 * The trees of objects read with a LIST, kept per name, kind and apiVersion at the uid and
 * resourceVersion each was read at ({@link AtResourceVersion}), so that an object listed again
 * unchanged is not turned into a tree again (issue 31: turning the listed items into trees was two
 * thirds of the reading threads' CPU in an unchanged knative redeploy, as much as its plan). Such a
 * tree is shared by every read that gets it, so it is read only, as the gateway's objects are
 * ({@link ClusterGateway#labelledObjects}); an item without a uid or resourceVersion is converted
 * every time. At most {@code capacity} trees; thread-safe.
 */
final class ListedTrees {

  private record At(String namespace, String name, String kind, String apiVersion) {}

  private final AtResourceVersion<At, ObjectNode> kept;

  ListedTrees(int capacity) {
    this.kept = new AtResourceVersion<>(capacity);
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
    if (metadata == null) {
      return convert.apply(item);
    }
    return kept.get(
        new At(metadata.getNamespace(), metadata.getName(), kind, apiVersion),
        metadata.getUid(),
        metadata.getResourceVersion(),
        () -> convert.apply(item));
  }

  /** How many trees are kept. */
  int size() {
    return kept.size();
  }
}
