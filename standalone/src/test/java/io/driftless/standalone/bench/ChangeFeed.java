package io.driftless.standalone.bench;

import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftlessEvent;
import io.driftless.events.EventEnvelope;
import io.driftless.events.FieldChange;
import io.driftless.events.OpCounts;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.WaitCounts;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.axonframework.messaging.MetaData;

/**
 * Stores whole changes in the server's Axon event store, as the App and ResourceChange aggregates
 * of one deploy would: a successful deploy's {@code AppChangeStarted}, one resource event per
 * object ({@code ResourceCreated} the first time, {@code ResourceUpdated} after) and its {@code
 * AppChangeFinished}, all in one append (one transaction), every event stamped with the time of the
 * append. The apps take turns ({@code prefix-0}, {@code prefix-1}, ...); each aggregate's sequence
 * goes on from 0 as Axon's do.
 */
final class ChangeFeed {

  private static final String[][] KINDS = {
    {"v1", "ConfigMap"}, {"apps/v1", "Deployment"}, {"v1", "Service"}, {"v1", "Secret"}
  };

  private final EventStore store;
  private final String prefix;
  private final int apps;
  private final int resources;
  private final Map<String, Long> sequences = new HashMap<>();
  private final long[] changes;
  private long next;

  ChangeFeed(EventStore store, String prefix, int apps, int resources) {
    this.store = store;
    this.prefix = prefix;
    this.apps = apps;
    this.resources = resources;
    this.changes = new long[apps];
  }

  /** Events per change. */
  int eventsPerChange() {
    return resources + 2;
  }

  /** Stores the next app's next change; returns the time its events were stamped with. */
  Instant storeOne() {
    var index = (int) (next++ % apps);
    var number = ++changes[index];
    var namespace = "bench";
    var appId = ResourceIds.appId(namespace, prefix + index);
    var changeId = String.format("%s%d-change-%06d", prefix, index, number);
    var at = Instant.now();
    var events = new ArrayList<DriftlessEvent>();
    events.add(
        new AppChangeStarted(
            appId,
            changeId,
            number,
            ChangeTrigger.DEPLOY,
            at,
            List.of(namespace),
            Map.of("core/ConfigMap/" + namespace + "/x", "sha256:" + number),
            new OpCounts(number == 1 ? resources : 0, 0, number == 1 ? 0 : resources, 0, 0),
            new WaitCounts(resources, 0, 0),
            "update: Op: " + resources + " planned"));
    for (int i = 0; i < resources; i++) {
      var kind = KINDS[i % KINDS.length];
      var ref = new ResourceRef(kind[0], kind[1], namespace, prefix + index + "-r" + i);
      var resourceId = ResourceIds.resourceId(appId, ref);
      var applied = Map.<String, Object>of("data", Map.of("v", number));
      var fields = List.of(new FieldChange("data.v", number - 1, number, "desired"));
      events.add(
          number == 1
              ? new ResourceCreated(
                  resourceId,
                  appId,
                  changeId,
                  ref,
                  applied,
                  "sha256:" + number,
                  "rv" + number,
                  1,
                  fields,
                  at)
              : new ResourceUpdated(
                  resourceId,
                  appId,
                  changeId,
                  ref,
                  applied,
                  "sha256:" + number,
                  "rv" + number,
                  number,
                  fields,
                  at));
    }
    events.add(
        new AppChangeFinished(
            appId,
            changeId,
            true,
            "finished " + changeId,
            new OpCounts(number == 1 ? resources : 0, 0, number == 1 ? 0 : resources, 0, 0),
            new WaitCounts(resources, 0, 0),
            at,
            null));
    store.publish(events.stream().map(e -> message(e, at)).toList());
    return at;
  }

  private GenericDomainEventMessage<DriftlessEvent> message(DriftlessEvent event, Instant at) {
    var sequence = sequences.merge(event.aggregateId(), 1L, Long::sum) - 1;
    var envelope = EventEnvelope.of(UUID.randomUUID().toString(), sequence, at, event);
    return new GenericDomainEventMessage<>(
        envelope.aggregateType(),
        envelope.aggregateId(),
        envelope.sequence(),
        event,
        MetaData.emptyInstance(),
        envelope.eventId(),
        at);
  }
}
