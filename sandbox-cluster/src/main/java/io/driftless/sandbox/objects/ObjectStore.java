package io.driftless.sandbox.objects;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * The sandbox's objects as its controllers and admission steps see them. Writes go through the same
 * admission, metadata and persistence as a client's, under the same lock.
 */
public interface ObjectStore {

  /** Copies of every stored object of {@code type}. */
  List<ApiObject> list(ObjectType type);

  /** A copy of the object of {@code type} named {@code name} in {@code namespace} ("" if none). */
  default Optional<ApiObject> find(ObjectType type, String namespace, String name) {
    return list(type).stream()
        .filter(o -> o.namespace().equals(namespace) && o.name().equals(name))
        .findFirst();
  }

  /** Writes {@code object}'s status (and annotations, as a status update may) at {@code path}. */
  void writeStatus(String path, ObjectNode object, String manager);

  /**
   * Writes {@code object} at {@code path} as an update of its spec through the scale subresource
   * (the autoscaler's replicas: managedFields record it as {@code scale}).
   */
  void writeSpec(String path, ObjectNode object, String manager);
}
