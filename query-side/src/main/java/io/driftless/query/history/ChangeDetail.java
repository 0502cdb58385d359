package io.driftless.query.history;

import java.time.Instant;
import java.util.List;

/** One change with its resources, as the deploy response shows them. */
record ChangeDetail(
    String changeId,
    String trigger,
    Instant startedAt,
    Instant finishedAt,
    Boolean successful,
    String description,
    List<String> namespaces,
    String error,
    List<ResourceChangeView> changes) {

  /** The same change with its resources. */
  ChangeDetail withChanges(List<ResourceChangeView> resources) {
    return new ChangeDetail(
        changeId,
        trigger,
        startedAt,
        finishedAt,
        successful,
        description,
        namespaces,
        error,
        resources);
  }

  /** One resource of the change. */
  record ResourceChangeView(
      String namespace,
      String name,
      String kind,
      String apiVersion,
      String op,
      String opStrategy,
      String waitTo,
      Object fields,
      String error) {}
}
