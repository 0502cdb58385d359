package io.driftless.command.deploy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.ownership.AppLabels;
import io.driftless.command.ownership.Owner;
import io.driftless.command.ownership.OwnershipRules;
import io.driftless.command.resource.RecordApplyFailed;
import io.driftless.command.resource.RecordResourceApplied;
import io.driftless.command.resource.RecordResourceDeleted;
import io.driftless.command.resource.RecordResourceDisowned;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.ContentHash;
import io.driftless.diff.text.SecretRedaction;
import io.driftless.events.FieldDiff;
import io.driftless.events.ResourceRef;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The apply step of a change: per real change in apply order, the cluster write (claimed objects
 * carry the app's labels, {@link AppLabels#labelled}), then its ResourceChange event; for an object
 * taken over from another app, also {@code RecordResourceDisowned} on that app's ResourceChange.
 * Stops at the first refusal and records it.
 */
@Component
class ChangeApplier {

  /** The result of a change the cluster accepted. */
  static final String APPLIED = "applied";

  /** The result of the change the cluster refused. */
  static final String FAILED = "failed";

  /** The result of a change after a refusal: never sent. */
  static final String NOT_APPLIED = "not applied";

  private static final Logger log = LoggerFactory.getLogger(ChangeApplier.class);
  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final ClusterGateway cluster;
  private final CommandGateway commands;
  private final AggregateStates states;
  private final Clock clock;
  private final ObjectMapper mapper = new ObjectMapper();

  ChangeApplier(
      ClusterGateway cluster, CommandGateway commands, AggregateStates states, Clock clock) {
    this.cluster = cluster;
    this.commands = commands;
    this.states = states;
    this.clock = clock;
  }

  /**
   * What an apply did.
   *
   * @param results per resource of a real change, in apply order: {@value #APPLIED}, {@value
   *     #FAILED} or {@value #NOT_APPLIED}
   * @param failure the cluster's refusal, null when every write succeeded
   */
  record Applied(Map<ResourceKey, String> results, ClusterException failure) {}

  /** Applies every real change of the plan in order; stops at the first failure. */
  Applied apply(
      String appId, String changeId, Planner.Plan plan, Map<ResourceKey, Owner> takenOver) {
    var changes = plan.changes().shown().stream().filter(c -> c.op() != ChangeOp.NOOP).toList();
    var results = new LinkedHashMap<ResourceKey, String>();
    changes.forEach(change -> results.put(change.key(), NOT_APPLIED));
    for (var change : changes) {
      try {
        applyOne(appId, changeId, change, plan);
        disown(appId, changeId, change, takenOver.get(change.key()));
        results.put(change.key(), APPLIED);
        log.info("Applied {} in {} of {}", line(change), changeId, appId);
      } catch (ClusterException e) {
        results.put(change.key(), FAILED);
        log.info("Failed {} in {} of {}: {}", line(change), changeId, appId, e.getMessage());
        recordFailure(appId, changeId, change, e);
        return new Applied(results, e);
      }
    }
    return new Applied(results, null);
  }

  private void applyOne(String appId, String changeId, Change change, Planner.Plan plan) {
    if (!change.writes()) {
      return; // exists (waited for, never written) and updates with kapp's skip strategy
    }
    var resourceId = Planner.resourceId(appId, change.key());
    if (change.op() == ChangeOp.DELETE) {
      cluster.delete(change.key(), change.apiVersion());
      if (plan.holds(change.key())) {
        commands.sendAndWait(
            new RecordResourceDeleted(resourceId, appId, changeId, ref(change), clock.instant()));
      }
      return;
    }
    var live = plan.live().get(change.key());
    var object =
        OwnershipRules.claims(change)
            ? AppLabels.labelled(change.applied(), appId, change.key())
            : change.applied();
    var create = change.op() == ChangeOp.CREATE || live == null;
    var stored =
        create
            ? cluster.create(change.key(), object)
            : cluster.update(change.key(), object, resourceVersion(live));
    var redacted = SecretRedaction.redact(change.intended());
    commands.sendAndWait(
        new RecordResourceApplied(
            resourceId,
            appId,
            changeId,
            ref(change),
            create,
            mapper.convertValue(redacted, MAP),
            ContentHash.of(redacted),
            resourceVersion(stored),
            stored.path("metadata").path("generation").asLong(0),
            fields(change),
            clock.instant()));
  }

  /** Records the takeover on the losing app's ResourceChange, if that app holds the object. */
  private void disown(String appId, String changeId, Change change, Owner previous) {
    if (previous == null || previous.appId() == null) {
      return;
    }
    var lost = Planner.resourceId(previous.appId(), change.key());
    states
        .resource(lost)
        .filter(state -> state.lastApplied() != null)
        .ifPresent(
            state ->
                commands.sendAndWait(
                    new RecordResourceDisowned(
                        lost,
                        previous.appId(),
                        changeId,
                        state.resource(),
                        appId,
                        clock.instant())));
  }

  private void recordFailure(String appId, String changeId, Change change, ClusterException e) {
    commands.sendAndWait(
        new RecordApplyFailed(
            Planner.resourceId(appId, change.key()),
            appId,
            changeId,
            ref(change),
            change.op().wireName(),
            e.getMessage(),
            clock.instant()));
  }

  /** kapp's progress wording: {@code update deployment/simple-app (apps/v1) namespace: ns}. */
  private static String line(Change change) {
    var apiVersion = change.apiVersion() == null ? "?" : change.apiVersion();
    return change.op().wireName() + " " + OwnershipRules.describe(change.key(), apiVersion);
  }

  private List<FieldDiff> fields(Change change) {
    return change.fields().stream()
        .map(
            f ->
                new FieldDiff(
                    f.path(),
                    Responses.plain(mapper, f.from()),
                    Responses.plain(mapper, f.to()),
                    f.decidedBy()))
        .toList();
  }

  private static String resourceVersion(ObjectNode object) {
    return object.path("metadata").path("resourceVersion").asText(null);
  }

  private static ResourceRef ref(Change change) {
    var key = change.key();
    return new ResourceRef(change.apiVersion(), key.kind(), key.namespace(), key.name());
  }
}
