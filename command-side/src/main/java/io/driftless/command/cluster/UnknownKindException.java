package io.driftless.command.cluster;

import io.driftless.diff.resources.ResourceKey;

/**
 * A custom kind no CustomResourceDefinition declares, neither in the deploy nor in the cluster: the
 * API server would answer 404 for its path. It is the sender's mistake (a missing CRD, a typo in
 * {@code apiVersion} or {@code kind}), answered {@code 422 invalid_resources} like any resource the
 * API server would refuse, before anything is stored or applied. A {@link ClusterException} (404)
 * still, so that a write that meets it while a change runs fails that change as before.
 */
public final class UnknownKindException extends ClusterException {

  private final transient ResourceKey key;

  UnknownKindException(String what, ResourceKey key, String group) {
    super(
        what
            + " "
            + key.id()
            + " failed: no CustomResourceDefinition declares kind "
            + key.kind()
            + " of group "
            + group
            + ", neither in the deploy nor in the cluster",
        404,
        null);
    this.key = key;
  }

  /** The resource whose kind is unknown, as {@code group/kind/namespace/name}. */
  public String resource() {
    return key.id();
  }
}
