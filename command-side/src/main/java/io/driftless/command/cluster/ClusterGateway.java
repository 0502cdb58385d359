package io.driftless.command.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ResourceKey;
import java.util.Optional;

/**
 * Reads and writes objects in the cluster. Writes are PUT with the live resourceVersion (as kapp
 * does), never server-side apply, so they work on every API server and on the sandbox.
 */
public interface ClusterGateway {

  /** The live object, if it exists. */
  Optional<ObjectNode> get(ResourceKey key, String apiVersion);

  /** Creates an object; returns it as the server stored it. */
  ObjectNode create(ResourceKey key, ObjectNode object);

  /** Replaces an object, conditional on {@code resourceVersion}: a stale version fails with 409. */
  ObjectNode update(ResourceKey key, ObjectNode object, String resourceVersion);

  /** Deletes an object; true if it existed. */
  boolean delete(ResourceKey key, String apiVersion);

  /** Tells the gateway the plural name of a custom kind, from a CRD of the manifest. */
  void learnPlural(String group, String kind, String plural);
}
