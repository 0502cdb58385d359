package io.driftless.command.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.ownership.AppLabels;
import io.driftless.diff.resources.ResourceKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The live objects the plans compare, without Driftless's labels ({@link AppLabels#stripped}), kept
 * per key and apiVersion with the {@code uid} and {@code resourceVersion} they were read at, and
 * shared read only between plans. The API server gives an object a new resourceVersion at every
 * write (Kubernetes' "Resource versions"; the sandbox does the same), so an object read again at
 * the same uid, resourceVersion and apiVersion is the same object, and the stripped copy made last
 * time serves again; the diff engine then knows it by identity ({@code UnchangedDiffs}; issue 31:
 * the copies were a tenth of an unchanged knative redeploy's CPU). An object without a uid or
 * resourceVersion is stripped every time. Trees are read only, as every plan's objects are ({@code
 * PlanInput}).
 *
 * <p>At most {@code capacity} objects are kept, the least recently used going first; 0 keeps none.
 * Thread-safe.
 */
final class StrippedLive {

  private record At(ResourceKey key, String apiVersion) {}

  private record Kept(String uid, String resourceVersion, ObjectNode stripped) {}

  private final int capacity;
  private final Map<At, Kept> kept;

  StrippedLive(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("a capacity of at least 0, not " + capacity);
    }
    this.capacity = capacity;
    this.kept =
        new LinkedHashMap<>(16, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<At, Kept> eldest) {
            return size() > StrippedLive.this.capacity;
          }
        };
  }

  /** {@code live} (read at {@code key}) without Driftless's labels, read only. */
  ObjectNode stripped(ResourceKey key, ObjectNode live) {
    var metadata = live.path("metadata");
    var uid = metadata.path("uid").asText("");
    var version = metadata.path("resourceVersion").asText("");
    if (uid.isEmpty() || version.isEmpty() || capacity == 0) {
      return AppLabels.stripped(live);
    }
    var at = new At(key, live.path("apiVersion").asText(""));
    synchronized (this) {
      var found = kept.get(at);
      if (found != null && found.uid().equals(uid) && found.resourceVersion().equals(version)) {
        return found.stripped();
      }
    }
    var stripped = AppLabels.stripped(live);
    synchronized (this) {
      kept.put(at, new Kept(uid, version, stripped));
    }
    return stripped;
  }

  /** How many objects are kept. */
  synchronized int size() {
    return kept.size();
  }
}
