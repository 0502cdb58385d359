package io.driftless.command.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.AtResourceVersion;
import io.driftless.command.ownership.AppLabels;
import io.driftless.diff.resources.ResourceKey;

/**
 * The live objects the plans compare, without Driftless's labels ({@link AppLabels#stripped}), kept
 * per key and apiVersion at the uid and resourceVersion they were read at ({@link
 * AtResourceVersion}) and shared read only between plans: the diff engine then knows the same
 * object by identity ({@code UnchangedDiffs}; issue 31: the copies were a tenth of an unchanged
 * knative redeploy's CPU). An object without a uid or resourceVersion is stripped every time. Trees
 * are read only, as every plan's objects are ({@code PlanInput}). At most {@code capacity} objects;
 * thread-safe.
 */
final class StrippedLive {

  private record At(ResourceKey key, String apiVersion) {}

  private final AtResourceVersion<At, ObjectNode> kept;

  StrippedLive(int capacity) {
    this.kept = new AtResourceVersion<>(capacity);
  }

  /** {@code live} (read at {@code key}) without Driftless's labels, read only. */
  ObjectNode stripped(ResourceKey key, ObjectNode live) {
    var metadata = live.path("metadata");
    return kept.get(
        new At(key, live.path("apiVersion").asText("")),
        metadata.path("uid").asText(""),
        metadata.path("resourceVersion").asText(""),
        () -> AppLabels.stripped(live));
  }

  /** How many objects are kept. */
  int size() {
    return kept.size();
  }
}
