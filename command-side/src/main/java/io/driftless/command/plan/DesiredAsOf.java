package io.driftless.command.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.ownership.AppLabels;
import io.driftless.command.resource.ResourceState;
import io.driftless.command.secrets.DesiredContent;
import io.driftless.command.secrets.SecretVault;
import io.driftless.command.secrets.SecretVaultException;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppLocked;
import io.driftless.events.AppUnlocked;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceUpdated;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The desired set an app's change left ("as of" that change), rebuilt from the command side's own
 * event store, for a rollback:
 *
 * <ol>
 *   <li>The App's stream (read whole, from sequence 0, never from a snapshot) gives the change's
 *       {@code AppChangeStarted}: its {@code desired} map names the set's resources, and its {@code
 *       kappConfigs} the Config documents; its {@code AppChangeFinished} says whether it succeeded.
 *       A lock or unlock row ({@code AppLocked}, {@code AppUnlocked}) is found too, with no set.
 *   <li>Each resource's object is the newest {@code ResourceCreated} or {@code ResourceUpdated} of
 *       its ResourceChange (id from {@link Planner#resourceId}) whose change is the one asked for
 *       or an earlier one ({@link ChangeIds#numberOf}): a resource the change left unchanged (a
 *       noop) has no event of it and is found further back. A {@code ResourceDeleted} of such a
 *       change ends the object; so does a {@code ResourceDisowned} (written under the winning app's
 *       change id, so compared by time) recorded no later than the change started.
 *   <li>The objects become a deploy's input as a reconcile's stored set does ({@link
 *       StoredDesired}): a versioned resource under its own name with its newest version's content,
 *       references to its versions turned back to that name, a Secret's values from its seal
 *       ({@link DesiredContent}); Driftless's labels are taken off, as a deploy body has none.
 * </ol>
 *
 * <p>Limits: a resource of the set with no object recorded at or before the change (a failed change
 * that never reached it) is left out, as a reconcile leaves it out. A failed change's set is what
 * it asked for, but a resource it did not reach comes back as an earlier change left it. A Secret
 * whose seal no configured key opens, or recorded before seals existed, is {@link
 * RecordedDesired#unrecoverable()}.
 */
@Component
public class DesiredAsOf {

  private static final Logger log = LoggerFactory.getLogger(DesiredAsOf.class);

  private final EventStore events;
  private final DesiredContent content;

  public DesiredAsOf(EventStore events, SecretVault vault) {
    this.events = events;
    this.content = new DesiredContent(vault);
  }

  /**
   * The desired set change {@code changeId} of app {@code appId} left; empty when the app has no
   * such change (or no app has that id).
   */
  public Optional<RecordedDesired> of(String appId, String changeId) {
    var found = find(appId, changeId);
    if (found.isEmpty()) {
      return Optional.empty();
    }
    var change = found.get();
    if (change.started() == null) {
      return Optional.of(
          new RecordedDesired(changeId, change.trigger(), null, List.of(), List.of(), List.of()));
    }
    var started = change.started();
    var set = new LinkedHashSet<ResourceKey>();
    new TreeSet<>(started.desired().keySet()).forEach(id -> set.add(ResourceKey.parseId(id)));
    var recorded = new LinkedHashMap<ResourceKey, ResourceState>();
    for (var key : set) {
      stateAsOf(Planner.resourceId(appId, key), started)
          .ifPresent(state -> recorded.put(key, state));
    }
    var stored = StoredDesired.of(set, recorded, (key, state) -> opened(appId, key, state));
    var resources =
        stored.resources().stream()
            .map(r -> new Resource(r.key(), r.apiVersion(), AppLabels.stripped(r.object())))
            .toList();
    return Optional.of(
        new RecordedDesired(
            changeId,
            started.trigger(),
            change.successful(),
            resources,
            Planner.storedConfigs(appId, started.kappConfigs()),
            List.copyOf(stored.leftAlone())));
  }

  /** What the App's stream holds of one change. */
  private record Found(ChangeTrigger trigger, AppChangeStarted started, Boolean successful) {}

  private Optional<Found> find(String appId, String changeId) {
    Found found = null;
    var stream = events.readEvents(appId, 0);
    while (stream.hasNext()) {
      var payload = stream.next().getPayload();
      if (payload instanceof AppChangeStarted started && changeId.equals(started.changeId())) {
        found = new Found(started.trigger(), started, null);
      } else if (payload instanceof AppChangeFinished finished
          && found != null
          && changeId.equals(finished.changeId())) {
        return Optional.of(new Found(found.trigger(), found.started(), finished.successful()));
      } else if (payload instanceof AppLocked locked && changeId.equals(locked.changeId())) {
        return Optional.of(new Found(ChangeTrigger.LOCK, null, null));
      } else if (payload instanceof AppUnlocked unlocked && changeId.equals(unlocked.changeId())) {
        return Optional.of(new Found(ChangeTrigger.UNLOCK, null, null));
      }
    }
    return Optional.ofNullable(found);
  }

  /** The resource's state right after {@code change}: empty when it held no object then. */
  private Optional<ResourceState> stateAsOf(String resourceId, AppChangeStarted change) {
    var number = change.changeNumber();
    ResourceState state = null;
    var stream = events.readEvents(resourceId, 0);
    while (stream.hasNext()) {
      var payload = stream.next().getPayload();
      if (payload instanceof ResourceCreated created) {
        if (after(created.changeId(), number)) {
          break;
        }
        state = state(created);
      } else if (payload instanceof ResourceUpdated updated) {
        if (after(updated.changeId(), number)) {
          break;
        }
        state = state(updated);
      } else if (payload instanceof ResourceDeleted deleted) {
        if (after(deleted.changeId(), number)) {
          break;
        }
        state = null;
      } else if (payload instanceof ResourceDisowned disowned
          && lostBefore(disowned.at(), change.startedAt())) {
        state = null;
      }
    }
    return Optional.ofNullable(state);
  }

  private static boolean after(String changeId, long number) {
    return ChangeIds.numberOf(changeId) > number;
  }

  private static boolean lostBefore(Instant at, Instant started) {
    return !at.isAfter(started);
  }

  private static ResourceState state(ResourceCreated e) {
    return new ResourceState(
        e.resource(), e.applied(), e.resourceVersion(), e.generation(), e.sealedDesired());
  }

  private static ResourceState state(ResourceUpdated e) {
    return new ResourceState(
        e.resource(), e.applied(), e.resourceVersion(), e.generation(), e.sealedDesired());
  }

  /** A Secret's values from its seal; empty when no configured key opens it. */
  private Optional<ObjectNode> opened(String appId, ResourceKey key, ResourceState state) {
    try {
      return content.desired(Planner.resourceId(appId, key), state);
    } catch (SecretVaultException e) {
      log.warn("Cannot open the sealed Secret {} of {}: {}", key.id(), appId, e.getMessage());
      return Optional.empty();
    }
  }
}
