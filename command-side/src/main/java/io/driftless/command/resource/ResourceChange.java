package io.driftless.command.resource;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.DriftCorrected;
import io.driftless.events.DriftDetected;
import io.driftless.events.FieldChange;
import io.driftless.events.GhostDiffDetected;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.GhostDiffYielded;
import io.driftless.events.ResourceApplyFailed;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.SealedObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One object of an app, over its whole life: created, updated, deleted, perhaps created again,
 * perhaps taken over by another app ({@link ResourceDisowned}) and back. The aggregate lives on
 * after a delete or a takeover, so its sequence numbers stay gap-free across re-creates. An apply
 * is recorded as the cluster saw it: a create as {@link ResourceCreated}, a write to an object that
 * existed (an update, an adoption, a takeover) as {@link ResourceUpdated}, also when it is the
 * app's first record of the object.
 *
 * <p>Ghost diffs ({@code command-side/README.md}, "Ghost diffs"): every update counts, per field it
 * changes, how many updates in a row put it back from the same live value to the same desired value
 * ({@link FlipCount}); a field an update leaves alone (found at its desired value), a create, a
 * delete and a takeover end the count. From the second flip on, a reconcile's update emits {@link
 * GhostDiffDetected} for the field (under {@code report} at every further flip); under {@code
 * yield} it emits {@link GhostDiffYielded} too, and the field joins the yielded ones, which
 * planning keeps at the cluster's value.
 *
 * <p>Drift ({@code command-side/README.md}, "Drift as events"): the aggregate keeps which paths are
 * drifted now, with their live values. A watch report ({@link RecordDriftSeen}) records {@link
 * DriftDetected} for the fields that are new or have a new live value, and {@link DriftCorrected}
 * for drifted paths found back in line; the echo of the app's own write (the recorded
 * resourceVersion), a report seen before the app's last write, and yielded paths record nothing.
 * Any write of the app (create, update, delete, a takeover by another app) ends every open drift of
 * the object with {@link DriftCorrected} right after its own event: it left the object as desired,
 * or gone.
 */
@Aggregate(snapshotTriggerDefinition = "driftlessSnapshotTrigger")
public class ResourceChange {

  private static final ObjectMapper CANONICAL =
      new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  @AggregateIdentifier private String resourceId;
  private ResourceRef resource;
  private Map<String, Object> lastApplied;
  private String resourceVersion;
  private long generation;
  private SealedObject sealedDesired;

  /** Per field path: the flip count of the last update that changed it. */
  private Map<String, FlipCount> flips = new HashMap<>();

  /** Per yielded field path: the change that yielded it. */
  private Map<String, String> yielded = new TreeMap<>();

  /** The drifted paths now, each with its live value ({@link #canonical}). */
  private Map<String, String> drifted = new TreeMap<>();

  /** The change that last wrote the object, and when it was recorded. */
  private String lastChangeId;

  private Instant lastWriteAt;

  /** For Axon. */
  protected ResourceChange() {}

  @CommandHandler
  @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
  public void handle(RecordResourceApplied command) {
    if (command.created()) {
      apply(
          new ResourceCreated(
              command.resourceId(),
              command.appId(),
              command.changeId(),
              command.resource(),
              command.applied(),
              command.appliedHash(),
              command.resourceVersion(),
              command.generation(),
              command.fields(),
              command.at(),
              command.sealedDesired()));
      endDrift(command.appId(), command.changeId(), command.resource(), command.at());
    } else {
      apply(
          new ResourceUpdated(
              command.resourceId(),
              command.appId(),
              command.changeId(),
              command.resource(),
              command.applied(),
              command.appliedHash(),
              command.resourceVersion(),
              command.generation(),
              command.fields(),
              command.at(),
              command.sealedDesired()));
      endDrift(command.appId(), command.changeId(), command.resource(), command.at());
      if (command.trigger() == ChangeTrigger.RECONCILE) {
        reportGhostDiffs(command);
      }
    }
  }

  /** Emits a ghost diff for every field this reconcile's update put back a second time or more. */
  private void reportGhostDiffs(RecordResourceApplied command) {
    var policy = GhostDiffPolicy.orDefault(command.ghostDiffPolicy());
    for (FieldChange field : command.fields()) {
      var count = flips.get(field.path());
      if (count == null || count.flips() < 2) {
        continue;
      }
      apply(
          new GhostDiffDetected(
              resourceId,
              command.appId(),
              command.changeId(),
              command.resource(),
              field.path(),
              field.to(),
              field.from(),
              count.flips(),
              SuggestedRebaseRule.yaml(command.resource(), field.path()),
              policy.wireName(),
              command.at(),
              field.changedBy()));
      if (policy == GhostDiffPolicy.YIELD) {
        apply(
            new GhostDiffYielded(
                resourceId,
                command.appId(),
                command.changeId(),
                command.resource(),
                field.path(),
                field.from(),
                command.at()));
      }
    }
  }

  @CommandHandler
  public void handle(RecordResourceDeleted command) {
    if (lastApplied == null) {
      throw new ResourceNotAppliedException(command.resourceId());
    }
    apply(
        new ResourceDeleted(
            resourceId,
            command.appId(),
            command.changeId(),
            command.resource(),
            command.at(),
            command.orphaned()));
    endDrift(command.appId(), command.changeId(), command.resource(), command.at());
  }

  @CommandHandler
  public void handle(RecordResourceDisowned command) {
    if (lastApplied == null) {
      throw new ResourceNotAppliedException(command.resourceId());
    }
    apply(
        new ResourceDisowned(
            resourceId,
            command.appId(),
            command.changeId(),
            command.resource(),
            command.newOwnerApp(),
            command.at()));
    endDrift(command.appId(), command.changeId(), command.resource(), command.at());
  }

  /**
   * A watch report of the object: records the drift that is news, and the end of the drift that is
   * gone. Nothing for an object the app does not hold, for the echo of its own last write, and for
   * fields yielded to the cluster.
   */
  @CommandHandler
  public void handle(RecordDriftSeen command) {
    if (lastApplied == null
        || command.resourceVersion() == null
        || command.resourceVersion().equals(resourceVersion)
        || (lastWriteAt != null && command.at().isBefore(lastWriteAt))) {
      // Not held, the echo of the app's own write, or seen before the app's last write (which
      // settled it): a report from before that write would reopen a drift it corrected.
      return;
    }
    var news = new ArrayList<FieldChange>();
    var seen = new TreeMap<String, String>();
    for (FieldChange field : command.fields()) {
      if (yielded.containsKey(field.path())) {
        continue;
      }
      var live = canonical(field.from());
      seen.put(field.path(), live);
      if (!live.equals(drifted().get(field.path()))) {
        news.add(field);
      }
    }
    var gone = drifted().keySet().stream().filter(path -> !seen.containsKey(path)).toList();
    if (!gone.isEmpty()) {
      apply(
          new DriftCorrected(
              resourceId, command.appId(), lastChangeId, resource, gone, command.at()));
    }
    if (!news.isEmpty()) {
      apply(
          new DriftDetected(
              resourceId, command.appId(), lastChangeId, resource, news, command.at()));
    }
  }

  /** Ends every open drift of the object: the app's write {@code changeId} settled it. */
  private void endDrift(String appId, String changeId, ResourceRef ref, Instant at) {
    if (!drifted().isEmpty()) {
      apply(
          new DriftCorrected(
              resourceId, appId, changeId, ref, List.copyOf(drifted().keySet()), at));
    }
  }

  @CommandHandler
  @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
  public void handle(RecordApplyFailed command) {
    apply(
        new ResourceApplyFailed(
            command.resourceId(),
            command.appId(),
            command.changeId(),
            command.resource(),
            command.op(),
            command.reason(),
            command.at()));
  }

  /** A read-only view for planning. */
  public ResourceState state() {
    return new ResourceState(
        resource, lastApplied, resourceVersion, generation, sealedDesired, yielded);
  }

  @EventSourcingHandler
  void on(ResourceCreated event) {
    applied(event.resourceId(), event.resource(), event.applied());
    resourceVersion = event.resourceVersion();
    generation = event.generation();
    sealedDesired = event.sealedDesired();
    lastChangeId = event.changeId();
    lastWriteAt = event.at();
    flips = new HashMap<>();
  }

  @EventSourcingHandler
  void on(ResourceUpdated event) {
    applied(event.resourceId(), event.resource(), event.applied());
    resourceVersion = event.resourceVersion();
    generation = event.generation();
    sealedDesired = event.sealedDesired();
    lastChangeId = event.changeId();
    lastWriteAt = event.at();
    count(event.fields());
  }

  @EventSourcingHandler
  void on(DriftDetected event) {
    for (FieldChange field : event.fields()) {
      drifted().put(field.path(), canonical(field.from()));
    }
  }

  @EventSourcingHandler
  void on(DriftCorrected event) {
    event.paths().forEach(drifted()::remove);
  }

  /** The drifted paths; a snapshot taken before drift was kept has none. */
  private Map<String, String> drifted() {
    if (drifted == null) {
      drifted = new TreeMap<>();
    }
    return drifted;
  }

  @EventSourcingHandler
  void on(GhostDiffYielded event) {
    flips.remove(event.path());
    yielded.put(event.path(), event.changeId());
  }

  @EventSourcingHandler
  void on(ResourceDeleted event) {
    forgetGhostDiffs();
    lastApplied = null;
    resourceVersion = null;
    generation = 0;
    sealedDesired = null;
  }

  /** The app no longer holds the object: as after a delete, nothing of it is ours to compare. */
  @EventSourcingHandler
  void on(ResourceDisowned event) {
    forgetGhostDiffs();
    lastApplied = null;
    resourceVersion = null;
    generation = 0;
    sealedDesired = null;
  }

  @EventSourcingHandler
  void on(ResourceApplyFailed event) {
    resourceId = event.resourceId();
    if (resource == null) {
      resource = event.resource();
    }
  }

  /** One more flip for a field put back as the last update put it back; else a count of 0. */
  private void count(List<FieldChange> fields) {
    var next = new HashMap<String, FlipCount>();
    for (FieldChange field : fields == null ? List.<FieldChange>of() : fields) {
      var live = canonical(field.from());
      var desired = canonical(field.to());
      var last = flips.get(field.path());
      var again = last != null && last.live().equals(live) && last.desired().equals(desired);
      next.put(field.path(), new FlipCount(live, desired, again ? last.flips() + 1 : 0));
      // Written again: the yield is no longer in force (the app went back to report).
      yielded.remove(field.path());
    }
    flips = next;
  }

  private void forgetGhostDiffs() {
    flips = new HashMap<>();
    yielded = new TreeMap<>();
  }

  /** A JSON value as text, map keys sorted: a value read back as int or long compares equal. */
  private static String canonical(Object value) {
    try {
      return CANONICAL.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a field value that is no JSON value", e);
    }
  }

  private void applied(String id, ResourceRef ref, Map<String, Object> object) {
    resourceId = id;
    resource = ref;
    lastApplied = object;
  }
}
