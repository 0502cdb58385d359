package io.driftless.command.support;

import io.driftless.command.app.StartAppChange;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.OpCounts;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The start of an app's first change, sent straight to the App: a change a crash left open. */
public final class OpenChanges {

  private OpenChanges() {}

  public static StartAppChange firstChangeOf(String appId) {
    return new StartAppChange(
        appId,
        0,
        ChangeTrigger.DEPLOY,
        List.of("default"),
        Map.of(),
        OpCounts.none(),
        WaitCounts.none(),
        "update: test",
        Instant.now());
  }
}
