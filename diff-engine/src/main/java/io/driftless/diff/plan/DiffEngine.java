package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;

/**
 * Plans a deploy: which resources to create, update, delete or leave alone, which fields change,
 * and in which order to apply.
 *
 * <p>v1 semantics for one resource ({@link #diff}):
 *
 * <ul>
 *   <li>no desired object (the resource left the manifest): DELETE, no fields;
 *   <li>no live object: CREATE; the fields are those the desired object sets one level below the
 *       top ({@code spec.replicas}, {@code spec.template}, {@code data.key}, {@code
 *       metadata.labels}; top-level non-map values such as a Role's {@code rules} at the top),
 *       without apiVersion, kind, name and namespace; a small list that says what the object holds,
 *       not every leaf;
 *   <li>otherwise the desired object is compared with a base: the last-applied object when there is
 *       one, else the live object. Both are normalised first (server-written fields removed, Secret
 *       values hashed, null, {@code {}} and {@code []} treated as absent, numbers compared by
 *       value). Equal: NOOP; different: UPDATE with every differing field, decided by {@code
 *       desired}. Paths and list matching: {@link FieldChange}, {@link MergeKeys}.
 * </ul>
 *
 * <p>{@link Change#applied()} is always the full desired object (a copy), never a merge.
 *
 * <p>Limits of v1, candidly: no three-way merge with the live object (a field someone else changed
 * in the cluster goes unnoticed while last-applied exists, and without last-applied every server
 * default shows as a removal), no rebase rules, no kapp Config, no {@code exists} op, no versioned
 * resources. These fit in later: rebase rules copy live values into the desired object before it is
 * normalised, and the three-way compare replaces the choice of base; both keep this class's
 * signature and give their fields another {@code decidedBy}.
 *
 * <p>Instances are stateless and thread-safe.
 */
public final class DiffEngine {

  /** Plans the change of one resource; see the class comment for the semantics. */
  public Change diff(
      ResourceKey key,
      String apiVersion,
      ObjectNode desired,
      ObjectNode lastApplied,
      ObjectNode live) {
    Objects.requireNonNull(key, "key");
    if (desired == null) {
      return Change.of(key, apiVersion, ChangeOp.DELETE, List.of(), null);
    }
    String version = apiVersion != null ? apiVersion : desired.path("apiVersion").asText();
    ObjectNode applied = desired.deepCopy();
    ObjectNode wanted = Normalizer.normalize(desired);
    if (live == null) {
      return Change.of(key, version, ChangeOp.CREATE, CreateFields.of(wanted), applied);
    }
    ObjectNode base = Normalizer.normalize(lastApplied != null ? lastApplied : live);
    var fields = FieldDiff.between(key.kind(), base, wanted, FieldChange.DESIRED);
    ChangeOp op = fields.isEmpty() ? ChangeOp.NOOP : ChangeOp.UPDATE;
    return Change.of(key, version, op, fields, applied);
  }

  /**
   * Plans a deploy: one change per desired resource, and a DELETE for every previously deployed key
   * that is no longer desired (also when it is already gone from the cluster: deleting a missing
   * object is done). Deletes carry the apiVersion of the last-applied, else the live object, else
   * null. The result is in apply order ({@link ApplyOrder}).
   *
   * @throws IllegalArgumentException when two desired resources share a key
   */
  public ChangeSet plan(PlanInput input) {
    var applies = new ArrayList<Change>();
    var desiredKeys = new HashSet<ResourceKey>();
    for (Resource resource : input.desired()) {
      if (!desiredKeys.add(resource.key())) {
        throw new IllegalArgumentException("Desired twice: " + resource.key().id());
      }
      applies.add(diffDesired(resource, input));
    }
    var deletes = new ArrayList<Change>();
    for (ResourceKey key : input.previouslyDeployed()) {
      if (!desiredKeys.contains(key)) {
        deletes.add(diff(key, knownApiVersion(key, input), null, null, null));
      }
    }
    return new ChangeSet(ApplyOrder.declaredBy(allObjects(input)).arrange(applies, deletes));
  }

  private Change diffDesired(Resource resource, PlanInput input) {
    ResourceKey key = resource.key();
    return diff(
        key,
        resource.apiVersion(),
        resource.object(),
        input.lastApplied().get(key),
        input.live().get(key));
  }

  private static String knownApiVersion(ResourceKey key, PlanInput input) {
    ObjectNode known = input.lastApplied().getOrDefault(key, input.live().get(key));
    return known == null ? null : known.path("apiVersion").asText(null);
  }

  private static List<JsonNode> allObjects(PlanInput input) {
    var objects = new ArrayList<JsonNode>();
    input.desired().forEach(resource -> objects.add(resource.object()));
    objects.addAll(input.lastApplied().values());
    objects.addAll(input.live().values());
    return objects;
  }
}
