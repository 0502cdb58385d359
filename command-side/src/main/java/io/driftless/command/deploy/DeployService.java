package io.driftless.command.deploy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.app.ChangeInProgressException;
import io.driftless.command.app.FinishAppChange;
import io.driftless.command.app.StartAppChange;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.resource.RecordApplyFailed;
import io.driftless.command.resource.RecordResourceApplied;
import io.driftless.command.resource.RecordResourceDeleted;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.plan.ChangeSet;
import io.driftless.diff.plan.WaitOp;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.ContentHash;
import io.driftless.diff.text.SecretRedaction;
import io.driftless.diff.text.ServerFields;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.FieldDiff;
import io.driftless.events.OpCounts;
import io.driftless.events.ResourceIds;
import io.driftless.events.ResourceRef;
import io.driftless.events.WaitCounts;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Service;

/**
 * Runs deploys and deletes. The order of writes is: start the change on the App (which rejects a
 * concurrent one), then per resource the cluster write followed by its ResourceChange event, then
 * finish the change. A crash in between leaves the change open; it is closed as failed on the next
 * start (see {@code OpenChangeRecovery}).
 */
@Service
public class DeployService {

  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};

  private final ManifestParser parser;
  private final Planner planner;
  private final ClusterGateway cluster;
  private final CommandGateway commands;
  private final Clock clock;
  private final ObjectMapper mapper = new ObjectMapper();

  DeployService(
      ManifestParser parser,
      Planner planner,
      ClusterGateway cluster,
      CommandGateway commands,
      Clock clock) {
    this.parser = parser;
    this.planner = planner;
    this.cluster = cluster;
    this.commands = commands;
    this.clock = clock;
  }

  DeployResponse deploy(DeployRequest request) {
    var manifest = parser.parse(request.body(), request.format(), request.namespace());
    if (manifest.resources().isEmpty() && !request.options().allowEmpty()) {
      throw new EmptyResourceSetException(request.namespace(), request.app());
    }
    learnCustomKinds(manifest.resources());
    var appId = ResourceIds.appId(request.namespace(), request.app());
    return run(
        appId,
        ChangeTrigger.DEPLOY,
        new Desired(manifest.resources(), manifest.configs()),
        request.options().dryRun(),
        request.diff());
  }

  /** The resources to deploy and the kapp Config documents that came with them. */
  private record Desired(List<Resource> resources, List<ObjectNode> configs) {}

  DeployResponse delete(String namespace, String app) {
    var appId = ResourceIds.appId(namespace, app);
    var response =
        run(
            appId,
            ChangeTrigger.DELETE,
            new Desired(List.of(), List.of()),
            false,
            DiffOptions.defaults());
    if (response.changeId() == null && response.ops().values().stream().allMatch(n -> n == 0)) {
      throw new AppNotFoundException(appId);
    }
    return response;
  }

  private DeployResponse run(
      String appId, ChangeTrigger trigger, Desired desired, boolean dryRun, DiffOptions diff) {
    var planned =
        planner.plan(appId, desired.resources(), desired.configs(), diff.againstLastApplied());
    if (planned.app().changeInProgress() != null) {
      throw new ChangeInProgressException(appId, planned.app().changeInProgress());
    }
    var plan = planned.filtered(diff.filter());
    var changes = plan.changes();
    // kapp describes every app change as "update: ..." except a delete.
    var verb = trigger == ChangeTrigger.DELETE ? "delete" : "update";
    var description = verb + ": " + changes.summary();
    if (dryRun || !changes.hasChanges()) {
      return Responses.of(appId, null, dryRun, true, description, changes, diff);
    }
    var changeId = start(plan, trigger, desired, description);
    var failure = apply(appId, changeId, plan);
    commands.sendAndWait(
        new FinishAppChange(
            appId,
            changeId,
            failure == null,
            description,
            opCounts(changes),
            waitCounts(changes),
            failure == null ? null : failure.getMessage(),
            clock.instant()));
    if (failure != null) {
      throw new DeployFailedException(changeId, failure.getMessage(), failure);
    }
    return Responses.of(appId, changeId, false, true, description, changes, diff);
  }

  /**
   * Starts the change. The app's resource set is what the plan keeps (versioned resources under
   * their {@code -ver-N} names, older versions kept), each with the hash of its redacted desired
   * object (for a versioned one, of what is applied, server fields left out).
   */
  private String start(
      Planner.Plan plan, ChangeTrigger trigger, Desired desired, String description) {
    var manifest = new java.util.HashMap<ResourceKey, ObjectNode>();
    desired.resources().forEach(r -> manifest.put(r.key(), r.object()));
    var set = new TreeMap<String, String>();
    var namespaces = new TreeSet<String>();
    for (var change : plan.changes().changes()) {
      if (change.op() == ChangeOp.DELETE) {
        continue;
      }
      var object = manifest.getOrDefault(change.key(), ServerFields.strip(change.applied()));
      set.put(change.key().id(), ContentHash.of(SecretRedaction.redact(object)));
      if (!change.key().namespace().isEmpty()) {
        namespaces.add(change.key().namespace());
      }
    }
    return commands.sendAndWait(
        new StartAppChange(
            plan.app().appId(),
            plan.app().changeNumber(),
            trigger,
            List.copyOf(namespaces),
            set,
            opCounts(plan.changes()),
            waitCounts(plan.changes()),
            description,
            clock.instant()));
  }

  /** Applies every real change in order; stops at the first failure and returns it. */
  private ClusterException apply(String appId, String changeId, Planner.Plan plan) {
    for (var change : plan.changes().nonNoop()) {
      try {
        applyOne(appId, changeId, change, plan);
      } catch (ClusterException e) {
        commands.sendAndWait(
            new RecordApplyFailed(
                Planner.resourceId(appId, change.key()),
                appId,
                changeId,
                ref(change),
                change.op().wireName(),
                e.getMessage(),
                clock.instant()));
        return e;
      }
    }
    return null;
  }

  private void applyOne(String appId, String changeId, Change change, Planner.Plan plan) {
    var resourceId = Planner.resourceId(appId, change.key());
    if (change.op() == ChangeOp.DELETE) {
      cluster.delete(change.key(), change.apiVersion());
      var recorded = plan.recorded().get(change.key());
      if (recorded != null && recorded.lastApplied() != null) {
        commands.sendAndWait(
            new RecordResourceDeleted(resourceId, appId, changeId, ref(change), clock.instant()));
      }
      return;
    }
    var live = plan.live().get(change.key());
    var stored =
        change.op() == ChangeOp.CREATE || live == null
            ? cluster.create(change.key(), change.applied())
            : cluster.update(change.key(), change.applied(), resourceVersion(live));
    var redacted = SecretRedaction.redact(change.intended());
    commands.sendAndWait(
        new RecordResourceApplied(
            resourceId,
            appId,
            changeId,
            ref(change),
            change.op() == ChangeOp.CREATE,
            mapper.convertValue(redacted, MAP),
            ContentHash.of(redacted),
            resourceVersion(stored),
            stored.path("metadata").path("generation").asLong(0),
            fields(change),
            clock.instant()));
  }

  private void learnCustomKinds(List<Resource> resources) {
    for (var resource : resources) {
      if (resource.key().kind().equals("CustomResourceDefinition")) {
        var spec = resource.object().path("spec");
        cluster.learnPlural(
            spec.path("group").asText(),
            spec.path("names").path("kind").asText(),
            spec.path("names").path("plural").asText());
      }
    }
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

  static OpCounts opCounts(ChangeSet changes) {
    Map<ChangeOp, Integer> ops = changes.opCounts();
    return new OpCounts(
        ops.get(ChangeOp.CREATE),
        ops.get(ChangeOp.DELETE),
        ops.get(ChangeOp.UPDATE),
        ops.get(ChangeOp.NOOP),
        ops.get(ChangeOp.EXISTS));
  }

  static WaitCounts waitCounts(ChangeSet changes) {
    Map<WaitOp, Integer> waits = changes.waitCounts();
    return new WaitCounts(
        waits.get(WaitOp.RECONCILE), waits.get(WaitOp.DELETE), waits.get(WaitOp.NOOP));
  }
}
