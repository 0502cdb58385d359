package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.GroupKind;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.StableApiVersions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The changes of one plan in kapp's calculation order ({@code ChangeSetWithVersionedRs}): the
 * current version of each versioned resource, then the older versions kept (noop) or deleted, then
 * the other desired resources in manifest order, then the other deletes in the order of the app's
 * previous resource set. {@link ChangeOrder} keeps this order within each wave.
 *
 * <p>A new version of a versioned resource is a create whose fields and line diff compare it with
 * the newest existing version (kapp shows a new version's change as the update of the previous
 * one): its {@link Change#existing()} is that version's live object.
 */
final class PlanCalculation {

  private final DiffEngine engine;
  private final PlanInput input;
  private final Set<GroupKind> customKinds;
  private final Set<ResourceKey> desiredKeys = new HashSet<>();

  PlanCalculation(DiffEngine engine, PlanInput input, Set<GroupKind> customKinds) {
    this.engine = engine;
    this.input = input;
    this.customKinds = Set.copyOf(customKinds);
  }

  /**
   * The changes.
   *
   * @throws IllegalArgumentException when two desired resources share a key
   */
  List<Change> changes() {
    var versions = VersionedResources.resolve(input, r -> diff(r).op() == ChangeOp.NOOP);
    var changes = new ArrayList<Change>();
    for (Resource resource : versions.versioned()) {
      claim(resource.key());
      changes.add(versionChange(resource, versions));
    }
    versions.plain().forEach(resource -> claim(resource.key()));
    changes.addAll(keptVersions(versions.kept()));
    changes.addAll(deletes(true));
    versions.plain().forEach(resource -> changes.add(diff(resource)));
    changes.addAll(deletes(false));
    return changes;
  }

  private void claim(ResourceKey key) {
    if (!desiredKeys.add(key)) {
      throw new IllegalArgumentException("Desired twice: " + key.id());
    }
  }

  private Change versionChange(Resource resource, VersionedResources.Resolved versions) {
    Change change = diff(resource);
    ResourceKey previousKey = versions.previous().get(resource.key());
    ObjectNode previous = previousKey == null ? null : input.live().get(previousKey);
    if (change.op() != ChangeOp.CREATE || previous == null) {
      return change;
    }
    var asPrevious = resource.renamed(previousKey.name());
    Change update = engine.diff(diffInput(asPrevious), custom(previousKey));
    return new Change(
        change.key(),
        change.apiVersion(),
        ChangeOp.CREATE,
        change.waitTo(),
        change.opStrategy(),
        update.fields(),
        change.applied(),
        previous,
        change.intended());
  }

  private List<Change> keptVersions(Set<ResourceKey> kept) {
    var changes = new ArrayList<Change>();
    for (ResourceKey key : kept) {
      ObjectNode live = input.live().get(key);
      if (live != null && desiredKeys.add(key)) {
        changes.add(
            Change.of(
                key,
                live.path("apiVersion").asText(),
                ChangeOp.NOOP,
                List.of(),
                live.deepCopy(),
                live,
                input.lastApplied().getOrDefault(key, live).deepCopy()));
      }
    }
    return changes;
  }

  /** Deletes of previously deployed keys no longer desired: versions of versioned ones, or not. */
  private List<Change> deletes(boolean versions) {
    var deletes = new ArrayList<Change>();
    for (ResourceKey key : input.previouslyDeployed()) {
      ObjectNode known = input.lastApplied().getOrDefault(key, input.live().get(key));
      if (desiredKeys.contains(key) || VersionedResources.isVersion(key, known) != versions) {
        continue;
      }
      String apiVersion = deleteApiVersion(key, known);
      deletes.add(
          engine.diff(
              new DiffInput(
                  key,
                  apiVersion,
                  null,
                  input.lastApplied().get(key),
                  input.live().get(key),
                  false)));
    }
    return deletes;
  }

  /**
   * A delete's apiVersion: the last-applied's, else the live object's, else the one recorded for
   * the key, else its group's stable version; null only for a custom kind known nowhere.
   */
  private String deleteApiVersion(ResourceKey key, ObjectNode known) {
    String apiVersion = known == null ? null : known.path("apiVersion").asText(null);
    if (apiVersion != null && !apiVersion.isEmpty()) {
      return apiVersion;
    }
    String recorded = input.apiVersions().get(key);
    return recorded != null ? recorded : StableApiVersions.of(key).orElse(null);
  }

  private Change diff(Resource resource) {
    return engine.diff(diffInput(resource), custom(resource.key()));
  }

  private DiffInput diffInput(Resource resource) {
    ResourceKey key = resource.key();
    return new DiffInput(
        key,
        resource.apiVersion(),
        resource.object(),
        input.lastApplied().get(key),
        input.live().get(key),
        input.unchangedSinceApply().contains(key));
  }

  private boolean custom(ResourceKey key) {
    var type = GroupKind.of(key);
    return customKinds.contains(type) || !type.builtInGroup();
  }

  /** Every object of the input, to find the CRDs among them. */
  static List<JsonNode> allObjects(PlanInput input) {
    var objects = new ArrayList<JsonNode>();
    input.desired().forEach(resource -> objects.add(resource.object()));
    objects.addAll(input.lastApplied().values());
    objects.addAll(input.live().values());
    return objects;
  }
}
