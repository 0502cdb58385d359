package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link DiffEngine#plan} plans from.
 *
 * <p>The objects (desired, last-applied, live, Configs) are read, never changed, by the engine;
 * whatever it needs changed (a nonce, scoped selectors, normalised forms) it changes on a copy. An
 * engine with {@link UnchangedDiffs} keeps the objects of an unchanged diff themselves and knows
 * them again by identity in a later plan, so a caller must not change an object after it planned
 * with it: it plans with a changed copy instead (issue 31: copying and comparing knative's large
 * CRDs in every plan were a third of an unchanged redeploy's CPU).
 *
 * @param desired the manifest's resources, in manifest order, keys unique
 * @param lastApplied what Driftless applied last, by key (redacted objects are fine: the engine
 *     redacts both sides before comparing)
 * @param live the cluster's objects, by key; a key without an entry does not exist
 * @param previouslyDeployed the keys the app had before this deploy; its iteration order is taken
 *     as the previous apply order, which deletes reverse (pass a {@link LinkedHashSet})
 * @param configs the manifest's kapp Config documents (rebase rules, change groups and rules),
 *     applied after kapp's defaults
 * @param unchangedSinceApply the keys whose live object nobody changed since our last apply (see
 *     {@link DiffInput#unchangedSinceApply()})
 * @param nonce the fresh value for {@code kapp.k14s.io/nonce} annotations (kapp writes the deploy's
 *     time in nanoseconds), so such a resource is updated by every deploy; null keeps the value the
 *     live (else last-applied) object has, so planning without a deploy (an offline diff, a test)
 *     changes nothing
 * @param labelScoping kapp's label scoping of the desired objects ({@link ScopedLabels}), or null
 *     for none
 * @param apiVersions the apiVersion each previously deployed key was last written with, by key:
 *     what a delete uses when neither a last-applied nor a live object has one (a create that the
 *     cluster refused, an object deleted outside); a key known nowhere is deleted with its group's
 *     stable version ({@link io.driftless.diff.resources.StableApiVersions}) when it is built in
 */
public record PlanInput(
    List<Resource> desired,
    Map<ResourceKey, ObjectNode> lastApplied,
    Map<ResourceKey, ObjectNode> live,
    Set<ResourceKey> previouslyDeployed,
    List<ObjectNode> configs,
    Set<ResourceKey> unchangedSinceApply,
    String nonce,
    LabelScoping labelScoping,
    Map<ResourceKey, String> apiVersions) {

  /** Copies everything, keeping the order of {@code desired} and {@code previouslyDeployed}. */
  public PlanInput {
    desired = List.copyOf(desired);
    lastApplied = Map.copyOf(lastApplied);
    live = Map.copyOf(live);
    previouslyDeployed = Collections.unmodifiableSet(new LinkedHashSet<>(previouslyDeployed));
    configs = List.copyOf(configs);
    unchangedSinceApply = Set.copyOf(unchangedSinceApply);
    apiVersions = apiVersions == null ? Map.of() : Map.copyOf(apiVersions);
  }

  /** A plan without kapp Config documents that compares everything against live. */
  public PlanInput(
      List<Resource> desired,
      Map<ResourceKey, ObjectNode> lastApplied,
      Map<ResourceKey, ObjectNode> live,
      Set<ResourceKey> previouslyDeployed) {
    this(desired, lastApplied, live, previouslyDeployed, List.of(), Set.of(), null, null, Map.of());
  }

  /** A first deploy: nothing applied before, nothing live. */
  public static PlanInput fresh(List<Resource> desired) {
    return new PlanInput(desired, Map.of(), Map.of(), Set.of());
  }

  /** The same input with kapp Config documents. */
  public PlanInput withConfigs(List<ObjectNode> documents) {
    return new PlanInput(
        desired,
        lastApplied,
        live,
        previouslyDeployed,
        documents,
        unchangedSinceApply,
        nonce,
        labelScoping,
        apiVersions);
  }

  /** The same input knowing which live objects are unchanged since our apply. */
  public PlanInput withUnchangedSinceApply(Set<ResourceKey> keys) {
    return new PlanInput(
        desired,
        lastApplied,
        live,
        previouslyDeployed,
        configs,
        keys,
        nonce,
        labelScoping,
        apiVersions);
  }

  /** The same input with a fresh value for {@code kapp.k14s.io/nonce} annotations. */
  public PlanInput withNonce(String value) {
    return new PlanInput(
        desired,
        lastApplied,
        live,
        previouslyDeployed,
        configs,
        unchangedSinceApply,
        value,
        labelScoping,
        apiVersions);
  }

  /** The same input with kapp's label scoping (null: none). */
  public PlanInput withLabelScoping(LabelScoping scoping) {
    return new PlanInput(
        desired,
        lastApplied,
        live,
        previouslyDeployed,
        configs,
        unchangedSinceApply,
        nonce,
        scoping,
        apiVersions);
  }

  /**
   * The same input knowing the apiVersion each previously deployed key was last written with (for
   * deletes of keys with neither a last-applied nor a live object).
   */
  public PlanInput withApiVersions(Map<ResourceKey, String> versions) {
    return new PlanInput(
        desired,
        lastApplied,
        live,
        previouslyDeployed,
        configs,
        unchangedSinceApply,
        nonce,
        labelScoping,
        versions);
  }

  /** The same input with other desired resources. */
  PlanInput withDesired(List<Resource> resources) {
    return new PlanInput(
        resources,
        lastApplied,
        live,
        previouslyDeployed,
        configs,
        unchangedSinceApply,
        nonce,
        labelScoping,
        apiVersions);
  }
}
