package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.config.MatchSubject;
import io.driftless.diff.config.RebaseRules;
import io.driftless.diff.config.Rebased;
import io.driftless.diff.resources.GroupKind;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.HmacFingerprint;
import io.driftless.diff.text.SecretFingerprint;
import io.driftless.diff.text.SecretRedaction;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Plans a deploy the way kubectl's three-way apply and kapp's diff decide it: which resources to
 * create, update, delete or leave alone, which fields change and why, what to send, and in which
 * order.
 *
 * <p>One resource ({@link #diff(DiffInput)}):
 *
 * <ul>
 *   <li>as kapp's {@code diff.ChangeImpl.op()}: a desired object annotated {@code
 *       kapp.k14s.io/noop} is NOOP whether it exists or not; one annotated {@code
 *       kapp.k14s.io/exists} is EXISTS when there is no live object and NOOP when there is (never
 *       created, updated or deleted; no fields);
 *   <li>no desired object: DELETE, no fields;
 *   <li>no live object: CREATE of the desired object; the fields are those it sets one level below
 *       the top ({@code spec.replicas}, {@code data.key}, a Role's {@code rules}), without
 *       apiVersion, kind, name and namespace;
 *   <li>otherwise the rebase rules ({@link KappConfig}: kapp's defaults and the manifest's Config
 *       documents) rewrite the desired object from the live one, then the compare: against
 *       last-applied when nobody changed the live object since our apply ({@link
 *       DiffInput#unchangedSinceApply()}; last-applied goes through the same copy rules), else
 *       against live with three-way semantics ({@link FieldDiffer}). All sides are normalised
 *       first: server fields and status stripped, a Secret's stringData written into data ({@link
 *       SecretForms}) and its values fingerprinted ({@link SecretFingerprint}; a stored value under
 *       an older key or an older store's bare hash that still matches counts as equal: {@link
 *       SecretRedaction#rekeyed}), null and empty maps or lists absent, numbers by value,
 *       quantities by value ({@link Quantities}). No difference: NOOP; else UPDATE.
 *   <li>{@link Change#applied()} of an update or noop is the live object with the desired fields
 *       set and the dropped ones removed ({@link ThreeWayMerge}).
 *   <li>wait and strategy follow from the annotations ({@link Change#of}): {@code
 *       kapp.k14s.io/disable-wait} waits for nothing; the create-, update- and delete-strategy
 *       annotations name {@link Change#opStrategy()}.
 * </ul>
 *
 * <p>A plan ({@link #plan}) also resolves versioned resources ({@link VersionedResources}), deletes
 * every previously deployed key no longer desired, and orders the changes ({@link ChangeOrder}).
 *
 * <p>Limits, candidly: no server-side dry run and no OpenAPI discovery, so merge keys are a
 * built-in table ({@link MergeKeys}) and custom resources' lists are atomic; a field someone else
 * added inside a list compared whole cannot be told from a default and is ignored.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class DiffEngine {

  private final KappConfig config;
  private final RebaseRules rebase;
  private final SecretFingerprint fingerprint;
  // the noops this engine's plans keep and reuse (null: none), and a plan's own kapp Configs
  private final UnchangedDiffs unchanged;
  private final List<ObjectNode> configs;

  /**
   * An engine with kapp's default configuration and a random key for Secret fingerprints ({@link
   * HmacFingerprint#ephemeral()}): its fingerprints compare within this JVM only.
   */
  public DiffEngine() {
    this(KappConfig.defaults());
  }

  /** An engine with the given configuration and a random key for Secret fingerprints. */
  public DiffEngine(KappConfig config) {
    this(config, HmacFingerprint.ephemeral());
  }

  /**
   * An engine with the given configuration (include the defaults: {@link KappConfig#plus}) whose
   * Secret values compare, and show in field changes, as {@code fingerprint} makes them.
   */
  public DiffEngine(KappConfig config, SecretFingerprint fingerprint) {
    this(config, fingerprint, null, List.of());
  }

  /**
   * An engine as above whose plans ({@link #plan}) keep the diffs that find no difference in {@code
   * unchanged} and answer the same diff again from there, with the same result ({@link
   * UnchangedDiffs}); give each {@code unchanged} to one engine only.
   */
  public DiffEngine(KappConfig config, SecretFingerprint fingerprint, UnchangedDiffs unchanged) {
    this(config, fingerprint, Objects.requireNonNull(unchanged, "unchanged"), List.of());
  }

  private DiffEngine(
      KappConfig config,
      SecretFingerprint fingerprint,
      UnchangedDiffs unchanged,
      List<ObjectNode> configs) {
    this.config = Objects.requireNonNull(config, "config");
    this.rebase = config.rebase();
    this.fingerprint = Objects.requireNonNull(fingerprint, "fingerprint");
    this.unchanged = unchanged;
    this.configs = configs;
  }

  /** The fingerprint of Secret values this engine compares with. */
  public SecretFingerprint fingerprint() {
    return fingerprint;
  }

  /** Plans one resource, comparing against live (three-way) when there is a live object. */
  public Change diff(
      ResourceKey key,
      String apiVersion,
      ObjectNode desired,
      ObjectNode lastApplied,
      ObjectNode live) {
    return diff(new DiffInput(key, apiVersion, desired, lastApplied, live, false));
  }

  /** Plans one resource; see the class comment for the semantics. */
  public Change diff(DiffInput input) {
    return diff(input, !GroupKind.of(input.key()).builtInGroup());
  }

  Change diff(DiffInput input, boolean customResource) {
    ResourceKey key = input.key();
    if (input.desired() == null) {
      ObjectNode existing = input.live() != null ? input.live() : input.lastApplied();
      return Change.of(key, input.apiVersion(), ChangeOp.DELETE, List.of(), null, existing, null);
    }
    String version =
        input.apiVersion() != null
            ? input.apiVersion()
            : input.desired().path("apiVersion").asText();
    ObjectNode wanted = SecretForms.dataOnly(input.desired());
    if (KappAnnotations.has(wanted, KappAnnotations.NOOP)) {
      return untouched(input, version, ChangeOp.NOOP, wanted);
    }
    if (input.live() == null) {
      if (KappAnnotations.has(wanted, KappAnnotations.EXISTS)) {
        return untouched(input, version, ChangeOp.EXISTS, wanted);
      }
      var fields = CreateFields.of(Normalizer.normalize(wanted, fingerprint));
      return Change.of(
          key, version, ChangeOp.CREATE, fields, wanted.deepCopy(), null, wanted.deepCopy());
    }
    if (KappAnnotations.has(wanted, KappAnnotations.EXISTS)) {
      return untouched(input, version, ChangeOp.NOOP, wanted);
    }
    if (unchanged == null) {
      return update(input, version, wanted, customResource);
    }
    var inputs =
        new UnchangedDiffs.Inputs(
            version,
            input.desired(),
            input.lastApplied(),
            input.live(),
            input.unchangedSinceApply(),
            customResource,
            configs);
    var kept = unchanged.applied(input.key(), inputs);
    if (kept.isPresent()) {
      return Change.of(
          input.key(), version, ChangeOp.NOOP, List.of(), kept.get(), input.live(), wanted);
    }
    var change = update(input, version, wanted, customResource);
    if (change.op() == ChangeOp.NOOP) {
      unchanged.keep(input.key(), inputs, change.applied());
    }
    return change;
  }

  /** A change that writes nothing: kapp's noop and exists annotations. */
  private static Change untouched(DiffInput input, String version, ChangeOp op, ObjectNode wanted) {
    ObjectNode applied = input.live() != null ? input.live().deepCopy() : wanted.deepCopy();
    return Change.of(input.key(), version, op, List.of(), applied, input.live(), wanted.deepCopy());
  }

  private Change update(DiffInput input, String version, ObjectNode wanted, boolean custom) {
    var keys = new MergeKeys(GroupKind.of(input.key()));
    ObjectNode live = input.live();
    Rebased rebased = rebase.rebase(new MatchSubject(wanted, custom), live, false);
    ObjectNode original =
        SecretRedaction.rekeyed(SecretForms.dataOnly(input.lastApplied()), wanted, fingerprint);
    boolean againstLastApplied = input.unchangedSinceApply() && original != null;
    ObjectNode base =
        againstLastApplied
            ? rebase.rebase(new MatchSubject(original, custom), live, true).object()
            : live;
    var diff =
        new FieldDiffer(
            keys,
            againstLastApplied ? CompareBase.LAST_APPLIED : CompareBase.LIVE,
            RebasedPaths.of(rebased.fields(), rebased.object(), keys));
    var fields =
        diff.between(
            Normalizer.normalize(base, fingerprint),
            Normalizer.normalize(rebased.object(), fingerprint),
            againstLastApplied || original == null
                ? null
                : Normalizer.normalize(original, fingerprint));
    ObjectNode applied = new ThreeWayMerge(keys).merge(live, rebased.object(), original);
    ChangeOp op = fields.isEmpty() ? ChangeOp.NOOP : ChangeOp.UPDATE;
    // Last-applied is the desired object before the rebase rules: what they copied from live
    // (a Deployment's revision annotation, a Service's clusterIP) is the cluster's, and a desired
    // set rebuilt from last-applied (a reconcile) would otherwise fight the cluster over it.
    // The desired object itself: a plan's objects and a change's are read only (PlanInput, Change).
    return Change.of(input.key(), version, op, fields, applied, live, wanted);
  }

  /** The desired resources scoped ({@link ScopedLabels}); a kept scoping when there is one. */
  private List<Resource> scoped(KappConfig planConfig, PlanInput input, List<ObjectNode> configs) {
    var scoping = new ScopedLabels(planConfig, input.labelScoping());
    if (unchanged == null) {
      return scoping.apply(input.desired(), input.live());
    }
    return unchanged
        .scopings()
        .scoped(
            configs,
            input.labelScoping(),
            input.desired(),
            input.live(),
            () -> scoping.apply(input.desired(), input.live()));
  }

  /**
   * Plans a deploy: one change per desired resource (versioned ones under their {@code -ver-N}
   * name), a NOOP for each older version kept, and a DELETE for every previously deployed key no
   * longer desired (also when it is already gone from the cluster: deleting a missing object is
   * done). Deletes carry the apiVersion of the last-applied, else the live object, else the one
   * {@link PlanInput#apiVersions()} records, else the group's stable one ({@link
   * io.driftless.diff.resources.StableApiVersions}); null only for a custom kind known nowhere.
   * {@code kapp.k14s.io/nonce} annotations get {@link PlanInput#nonce()} first ({@link Nonces});
   * with {@link PlanInput#labelScoping()} the desired objects are scoped ({@link ScopedLabels}).
   * Unknown {@code kapp.k14s.io/} annotations become {@link ChangeSet#warnings()}. The result is in
   * kapp's apply waves ({@link ChangeOrder}).
   *
   * @throws IllegalArgumentException when two desired resources share a key
   * @throws io.driftless.diff.resources.ManifestException (INVALID) when a kapp Config document or
   *     change rule is malformed, or the change rules form a cycle
   */
  public ChangeSet plan(PlanInput request) {
    List<ObjectNode> configs = unchanged == null ? List.of() : unchanged.configs(request.configs());
    KappConfig planConfig =
        unchanged == null
            ? config.plus(KappConfig.parse(request.configs()))
            : unchanged.planConfig(configs, () -> config.plus(KappConfig.parse(configs)));
    PlanInput nonced = request.withDesired(Nonces.apply(request));
    PlanInput input =
        nonced.labelScoping() == null
            ? nonced
            : nonced.withDesired(scoped(planConfig, nonced, configs));
    var engine = new DiffEngine(planConfig, fingerprint, unchanged, configs);
    Set<GroupKind> customKinds = ChangeOrder.declaredKinds(PlanCalculation.allObjects(input));
    var changes = new PlanCalculation(engine, input, customKinds).changes();
    var arranged = new ChangeOrder(planConfig, customKinds).arrange(changes);
    return new ChangeSet(
        arranged.changes(), arranged.waveNumbers(), AnnotationWarnings.of(request.desired()));
  }
}
