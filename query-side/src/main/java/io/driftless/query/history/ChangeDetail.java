package io.driftless.query.history;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One change with its resources, as the deploy response shows them. {@code error}: why a failed
 * change failed (its {@code AppChangeFinished}); each resource's {@code error}: what the cluster
 * said when it refused that resource's write ({@code ResourceApplyFailed}). Provenance and {@code
 * rolledBackTo} as in {@link ChangeSummary}.
 */
record ChangeDetail(
    String changeId,
    String trigger,
    Instant startedAt,
    Instant finishedAt,
    Boolean successful,
    String description,
    List<String> namespaces,
    String error,
    String actor,
    String client,
    String message,
    Map<String, String> meta,
    String rolledBackTo,
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
        actor,
        client,
        message,
        meta,
        rolledBackTo,
        resources);
  }

  /**
   * One resource of the change. {@code result}: {@code failed} when the cluster refused its write
   * ({@code error} says why), {@code applied} otherwise; null for a ghost-diff report or yield.
   */
  record ResourceChangeView(
      String namespace,
      String name,
      String kind,
      String apiVersion,
      String op,
      String opStrategy,
      String waitTo,
      Object fields,
      String result,
      String error) {}
}
