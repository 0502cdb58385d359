package io.driftless.query.support;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.EventEnvelope;
import io.driftless.events.OpCounts;
import io.driftless.events.ResourceIds;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The events of one App aggregate by sequence: even sequences start a change, odd ones finish it
 * (sequence 0 starts change 1, 1 finishes it, 2 starts change 2, ...).
 */
public final class AppEvents {

  private AppEvents() {}

  public static EventEnvelope event(String appId, long sequence, Instant storedAt) {
    var change = sequence / 2 + 1;
    var changeId = changeId(appId, change);
    var payload =
        sequence % 2 == 0
            ? new AppChangeStarted(
                appId,
                changeId,
                change,
                ChangeTrigger.DEPLOY,
                storedAt,
                List.of(ResourceIds.appNamespace(appId)),
                Map.of(),
                OpCounts.none(),
                WaitCounts.none(),
                "update: change " + change)
            : new AppChangeFinished(
                appId,
                changeId,
                true,
                "update: change " + change + " done",
                OpCounts.none(),
                WaitCounts.none(),
                storedAt,
                null);
    return EventEnvelope.of(UUID.randomUUID().toString(), sequence, storedAt, payload);
  }

  public static String changeId(String appId, long change) {
    return String.format("%s-change-%06d", ResourceIds.appName(appId), change);
  }
}
