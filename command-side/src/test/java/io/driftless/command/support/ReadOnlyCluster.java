package io.driftless.command.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.diff.resources.ResourceKey;

/**
 * A cluster for tests of code that only reads: every write fails with {@link
 * UnsupportedOperationException}, so a test learns at once if the code under test writes; what a
 * CRD declares is not kept. Subclasses answer the reads.
 */
public abstract class ReadOnlyCluster implements ClusterGateway {

  @Override
  public ObjectNode create(ResourceKey key, ObjectNode object) {
    throw new UnsupportedOperationException("a read-only test cluster: create " + key.id());
  }

  @Override
  public ObjectNode update(ResourceKey key, ObjectNode object, String resourceVersion) {
    throw new UnsupportedOperationException("a read-only test cluster: update " + key.id());
  }

  @Override
  public ObjectNode apply(ResourceKey key, ObjectNode object, boolean force) {
    throw new UnsupportedOperationException("a read-only test cluster: apply " + key.id());
  }

  @Override
  public boolean delete(ResourceKey key, String apiVersion) {
    throw new UnsupportedOperationException("a read-only test cluster: delete " + key.id());
  }

  @Override
  public void learnCustomKind(String group, String kind, String plural, Boolean namespaced) {}
}
