package io.driftless.command.app;

import io.driftless.events.ChangeTrigger;
import io.driftless.events.OpCounts;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/**
 * Start a change of an app. Rejected while another change is in progress, or when the app has
 * changed since the caller planned ({@code expectedChangeNumber}). Returns the new change id.
 */
public record StartAppChange(
    @TargetAggregateIdentifier String appId,
    long expectedChangeNumber,
    ChangeTrigger trigger,
    List<String> namespaces,
    Map<String, String> desired,
    OpCounts ops,
    WaitCounts waits,
    String description,
    Instant at) {}
