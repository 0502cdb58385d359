package io.driftless.command.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.app.AppState;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.cluster.ObjectsAtVersions;
import io.driftless.command.ownership.AppLabels;
import io.driftless.command.resource.ResourceState;
import io.driftless.command.secrets.DesiredContent;
import io.driftless.command.secrets.SecretVault;
import io.driftless.command.secrets.SecretVaultException;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeFilter;
import io.driftless.diff.plan.ChangeSet;
import io.driftless.diff.plan.DiffEngine;
import io.driftless.diff.plan.LabelScoping;
import io.driftless.diff.plan.PlanInput;
import io.driftless.diff.plan.UnchangedDiffs;
import io.driftless.diff.resources.CustomResourceDefinitions;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.StableApiVersions;
import io.driftless.diff.text.SecretFingerprint;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.GhostDiffPolicy;
import io.driftless.events.ResourceIds;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * Gathers what a plan needs (the app's resource set, the last-applied objects, the live objects)
 * and asks the diff engine. Reads only: nothing is written here. Driftless's ownership labels are
 * taken off last-applied and live objects before the diff ({@link AppLabels#stripped}), so they
 * never make a difference by themselves; the plan keeps the live objects as read, labels on, for
 * the ownership rules. Every plan gives {@code kapp.k14s.io/nonce} annotations a fresh value, as
 * every kapp deploy does. Driftless's own rebase rules ({@link PlanRules}: an HPA's target
 * replicas, fields yielded under the {@code yield} ghost-diff policy) go after the user's Configs.
 * The engine keeps the diffs that found no difference ({@link UnchangedDiffs}, at most {@code
 * driftless.plan.unchanged-diffs} objects, 10,000), so a plan of unchanged objects is not worked
 * out again. The trees a plan is made of are shared read only from one plan to the next (the kept
 * manifest of a body sent again, {@link LastAppliedTrees}, {@link StrippedLive}), so that the
 * engine knows an unchanged object's trees by identity.
 */
@Component
public class Planner {

  private static final Logger log = LoggerFactory.getLogger(Planner.class);
  private static final ObjectMapper CONFIGS = new ObjectMapper();

  private final AggregateStates states;
  private final ClusterGateway cluster;
  private final Clock clock;
  private final DiffEngine engine;
  private final DesiredContent content;
  private final ObjectsAtVersions atVersions;
  private final LastAppliedTrees lastAppliedTrees;
  private final StrippedLive strippedLive;
  private final ObjectMapper mapper = new ObjectMapper();

  Planner(
      AggregateStates states,
      ClusterGateway cluster,
      Clock clock,
      SecretVault vault,
      @Value("${driftless.plan.unchanged-diffs:10000}") int unchangedDiffs) {
    this.states = states;
    this.cluster = cluster;
    this.clock = clock;
    this.engine =
        new DiffEngine(
            KappConfig.defaults(), vault.fingerprint(), new UnchangedDiffs(unchangedDiffs));
    this.content = new DesiredContent(vault);
    this.atVersions = new ObjectsAtVersions(unchangedDiffs);
    this.lastAppliedTrees = new LastAppliedTrees(unchangedDiffs);
    this.strippedLive = new StrippedLive(unchangedDiffs);
  }

  /** A Secret's sealed desired content, opened; empty when there is none or it does not open. */
  private Optional<ObjectNode> opened(String appId, ResourceKey key, ResourceState state) {
    try {
      return content.desired(resourceId(appId, key), state);
    } catch (SecretVaultException e) {
      log.warn("Cannot open the sealed Secret {} of {}: {}", key.id(), appId, e.getMessage());
      return Optional.empty();
    }
  }

  /** The keyed fingerprint Secret values are compared and recorded with. */
  public SecretFingerprint fingerprint() {
    return engine.fingerprint();
  }

  /**
   * Everything known about an app's resources at planning time.
   *
   * @param live the live objects as read (Driftless's labels on)
   * @param settings the trigger, the ghost-diff policy and the Configs the plan was made with
   */
  public record Plan(
      AppState app,
      ChangeSet changes,
      Map<ResourceKey, ObjectNode> live,
      Map<ResourceKey, ResourceState> recorded,
      PlanSettings settings) {

    /** The plan with only the changes kapp's diff filter keeps. */
    public Plan filtered(ChangeFilter filter) {
      return new Plan(app, changes.filter(filter), live, recorded, settings);
    }

    /** The plan with other versions of its changes (the ownership rules'), in their waves. */
    public Plan withChanges(List<Change> other) {
      return new Plan(app, changes.replaced(other), live, recorded, settings);
    }

    /** Whether the app holds an object: it applied it and has not deleted it or lost it. */
    public boolean holds(ResourceKey key) {
      var state = recorded.get(key);
      return state != null && state.lastApplied() != null;
    }
  }

  /**
   * Tells the cluster gateway what the manifest's CRDs declare about their kinds: the plural
   * ({@code spec.names.plural}, else the first part of the CRD's name {@code <plural>.<group>}) and
   * the scope ({@code spec.scope}); a placeholder CRD that leaves them out is completed from the
   * cluster's own CRD.
   */
  public void learnCustomKinds(List<Resource> resources) {
    for (var resource : resources) {
      var object = resource.object();
      var kind = CustomResourceDefinitions.declaredKind(object);
      if (kind.isEmpty()) {
        continue;
      }
      var plural = object.path("spec").path("names").path("plural").asText("");
      var name = resource.key().name();
      if (plural.isEmpty() && name.endsWith("." + kind.get().group())) {
        plural = name.substring(0, name.length() - kind.get().group().length() - 1);
      }
      var scope = object.path("spec").path("scope").asText("");
      cluster.learnCustomKind(
          kind.get().group(),
          kind.get().kind(),
          plural,
          scope.isEmpty() ? null : !"Cluster".equals(scope));
    }
  }

  /**
   * Plans a deploy of {@code desired} with the manifest's kapp Config documents. A live object
   * whose resourceVersion equals the one recorded right after our last apply is unchanged since;
   * the engine then compares against last-applied (unless {@code againstLastApplied} is false).
   * Label selectors are scoped with the app label ({@link AppLabels#APP}) as kapp scopes them
   * (kapp's default rules only when {@code defaultLabelScopingRules}); an app deployed unscoped
   * stays so (see the diff engine's {@code ScopedLabels}). The deploy's ghost-diff policy decides
   * whether yielded fields keep their live value ({@code policy}; null keeps the app's own, as a
   * rollback does). A {@code dryRun} plan is only shown, so its Secret values are blinded ({@link
   * SecretBlinding}).
   */
  public Plan plan(
      String appId,
      List<Resource> desired,
      List<ObjectNode> configs,
      boolean againstLastApplied,
      GhostDiffPolicy policy,
      boolean defaultLabelScopingRules,
      boolean dryRun) {
    return plan(
        appId,
        desired,
        configs,
        againstLastApplied,
        new Choices(policy, defaultLabelScopingRules, dryRun),
        false);
  }

  /**
   * Plans an app's delete: a deploy of nothing, whose deletes are every key of the app's set and,
   * as kapp finds an app's objects by its label, every object of the set's kinds and namespaces
   * that the cluster holds labelled for the app though the app did not record it (a write whose
   * event was lost, a version made by a reconcile of a store from before reconciles recorded them).
   * A kind that cannot be listed is skipped with a warning in the log: the delete goes on.
   */
  public Plan planDelete(String appId, GhostDiffPolicy policy, boolean dryRun) {
    return plan(appId, List.of(), List.of(), true, new Choices(policy, true, dryRun), true);
  }

  /** The caller's choices a deploy or delete is planned with (the deploy API's options). */
  private record Choices(
      GhostDiffPolicy ghostDiffPolicy, boolean defaultLabelScopingRules, boolean dryRun) {}

  private Plan plan(
      String appId,
      List<Resource> desired,
      List<ObjectNode> configs,
      boolean againstLastApplied,
      Choices deploy,
      boolean labelled) {
    var app = states.app(appId);
    var previous = previousKeys(app);
    var recorded = recorded(appId, union(desired, previous));
    var policy =
        deploy.ghostDiffPolicy() == null ? app.ghostDiffPolicy() : deploy.ghostDiffPolicy();
    var settings =
        new PlanSettings(
            ChangeTrigger.DEPLOY,
            policy,
            configsText(configs),
            withRules(configs, desired, app, policy, recorded));
    var options =
        new Options(
            settings.configs(),
            againstLastApplied,
            deploy.defaultLabelScopingRules(),
            nonce(),
            labelled,
            deploy.dryRun());
    return plan(app, desired, previous, recorded, options, settings);
  }

  /**
   * Plans a reconcile: the desired set is the one the app's ResourceChanges hold ({@link
   * StoredDesired}), compared against last-applied where the live object is unchanged since, with
   * no fresh nonce (a nonce forces a write only on a deploy) and no label scoping beyond what the
   * stored objects already carry. Resources the stored set cannot restore are left alone: neither
   * desired nor pruned; the plan's warnings name them.
   */
  public Plan planStored(String appId) {
    var app = states.app(appId);
    var previous = previousKeys(app);
    var recorded = recorded(appId, previous);
    var stored =
        StoredDesired.of(
            previous,
            recorded,
            (key, state) -> opened(appId, key, state),
            (key, state) -> lastAppliedTrees.tree(resourceId(appId, key), state));
    // After a restart only the app's stored CRDs tell the kinds whose CRD was deleted outside.
    learnCustomKinds(stored.resources());
    previous.removeAll(stored.leftAlone());
    recorded.keySet().removeAll(stored.leftAlone());
    var policy = app.ghostDiffPolicy();
    var userConfigs = storedConfigs(app);
    var settings =
        new PlanSettings(
            ChangeTrigger.RECONCILE,
            policy,
            app.kappConfigs(),
            withRules(userConfigs, stored.resources(), app, policy, recorded));
    var options = new Options(settings.configs(), true, false, null, false, false);
    var plan = plan(app, stored.resources(), previous, recorded, options, settings);
    var changes = plan.changes();
    var warnings = new ArrayList<>(changes.warnings());
    warnings.addAll(stored.warnings());
    return new Plan(
        app,
        new ChangeSet(changes.changes(), changes.waveNumbers(), warnings),
        plan.live(),
        recorded,
        settings);
  }

  /** The user's Configs, then Driftless's own rules ({@link PlanRules}). */
  private static List<ObjectNode> withRules(
      List<ObjectNode> configs,
      List<Resource> desired,
      AppState app,
      GhostDiffPolicy policy,
      Map<ResourceKey, ResourceState> recorded) {
    var all = new ArrayList<>(configs);
    all.addAll(PlanRules.hpaTargets(desired));
    all.addAll(PlanRules.yielded(app, policy, recorded));
    return all;
  }

  /** The deploy's Config documents as stored on {@code AppChangeStarted}: a JSON array or null. */
  private String configsText(List<ObjectNode> configs) {
    if (configs.isEmpty()) {
      return null;
    }
    try {
      return mapper.writeValueAsString(configs);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("kapp Config documents that are no JSON", e);
    }
  }

  /** The Configs of the app's last deploy; none in stores written before they were kept. */
  private static List<ObjectNode> storedConfigs(AppState app) {
    return storedConfigs(app.appId(), app.kappConfigs());
  }

  /**
   * kapp Config documents as {@code AppChangeStarted.kappConfigs} stores them (a JSON array; null
   * for none); none, with a warning in the log, when they do not read.
   */
  static List<ObjectNode> storedConfigs(String appId, String kappConfigs) {
    if (kappConfigs == null) {
      return List.of();
    }
    try {
      var configs = new ArrayList<ObjectNode>();
      for (var node : (ArrayNode) CONFIGS.readTree(kappConfigs)) {
        configs.add((ObjectNode) node);
      }
      return configs;
    } catch (JsonProcessingException | ClassCastException e) {
      log.warn("The stored kapp Configs of {} do not read: {}", appId, e.getMessage());
      return List.of();
    }
  }

  /**
   * How to plan: the kapp Configs, the compare base, scoping, the nonce (null: keep), whether the
   * objects labelled for the app that it did not record are to be deleted too (an app's delete).
   */
  private record Options(
      List<ObjectNode> configs,
      boolean againstLastApplied,
      boolean defaultLabelScopingRules,
      String nonce,
      boolean deleteLabelled,
      boolean blindSecrets) {}

  private Plan plan(
      AppState app,
      List<Resource> desired,
      Set<ResourceKey> previous,
      Map<ResourceKey, ResourceState> recorded,
      Options options,
      PlanSettings settings) {
    var apiVersions = new HashMap<ResourceKey, String>();
    desired.forEach(r -> apiVersions.put(r.key(), r.apiVersion()));
    recorded.forEach((key, state) -> apiVersions.putIfAbsent(key, state.resource().apiVersion()));
    previous.forEach(key -> apiVersions.computeIfAbsent(key, k -> kindVersion(apiVersions, k)));
    if (options.deleteLabelled()) {
      var unrecorded = labelled(app.appId(), previous, apiVersions);
      apiVersions.putAll(unrecorded);
      previous.addAll(unrecorded.keySet());
    }
    var lastApplied = new HashMap<ResourceKey, ObjectNode>();
    recorded.forEach(
        (key, state) -> {
          if (state.lastApplied() != null) {
            lastApplied.put(key, lastAppliedTrees.tree(resourceId(app.appId(), key), state));
          }
        });
    var reads =
        LiveObjects.read(
            cluster,
            atVersions,
            apiVersions,
            VersionedResources.ownNames(desired),
            AppLabels.APP,
            AppLabels.appLabel(app.appId()));
    var live = reads.objects();
    live.putAll(VersionedResources.unrecorded(reads, desired, live.keySet(), previous));
    var unchanged =
        options.againstLastApplied() ? unchanged(recorded, live) : Set.<ResourceKey>of();
    var compared = new HashMap<ResourceKey, ObjectNode>();
    live.forEach((key, object) -> compared.put(key, strippedLive.stripped(key, object)));
    if (options.blindSecrets()) {
      SecretBlinding.blind(desired, lastApplied, compared);
    }
    var input =
        new PlanInput(desired, lastApplied, compared, previous)
            .withConfigs(options.configs())
            .withUnchangedSinceApply(unchanged)
            .withNonce(options.nonce())
            .withLabelScoping(
                new LabelScoping(
                    Map.of(AppLabels.APP, AppLabels.appLabel(app.appId())),
                    options.defaultLabelScopingRules()))
            .withApiVersions(apiVersions);
    return new Plan(app, engine.plan(input), live, recorded, settings);
  }

  /**
   * The apiVersion of a key nothing recorded (a key of the set with no ResourceChange): the one
   * known for another object of its group and kind, else its group's stable one; null if none.
   */
  private static String kindVersion(Map<ResourceKey, String> apiVersions, ResourceKey key) {
    return apiVersions.entrySet().stream()
        .filter(e -> e.getKey().group().equals(key.group()) && e.getKey().kind().equals(key.kind()))
        .map(Map.Entry::getValue)
        .findFirst()
        .orElse(StableApiVersions.of(key).orElse(null));
  }

  /**
   * The objects of the set's kinds and namespaces labelled for the app that are not in the set,
   * with the apiVersion they were listed with.
   */
  private Map<ResourceKey, String> labelled(
      String appId, Set<ResourceKey> set, Map<ResourceKey, String> apiVersions) {
    var probes = new LinkedHashMap<String, ResourceKey>();
    set.forEach(
        key -> probes.putIfAbsent(key.group() + "/" + key.kind() + "/" + key.namespace(), key));
    var found = new LinkedHashMap<ResourceKey, String>();
    for (var probe : probes.values()) {
      var apiVersion = apiVersions.get(probe);
      if (apiVersion == null) {
        continue;
      }
      try {
        for (var name :
            cluster.labelled(probe, apiVersion, AppLabels.APP, AppLabels.appLabel(appId))) {
          var key = new ResourceKey(probe.group(), probe.kind(), probe.namespace(), name);
          if (!set.contains(key)) {
            found.put(key, apiVersion);
          }
        }
      } catch (ClusterException e) {
        log.warn(
            "Cannot list the {} objects labelled for {}: {}", probe.kind(), appId, e.getMessage());
      }
    }
    return found;
  }

  private static LinkedHashSet<ResourceKey> previousKeys(AppState app) {
    var previous = new LinkedHashSet<ResourceKey>();
    app.resources().keySet().forEach(id -> previous.add(ResourceKey.parseId(id)));
    return previous;
  }

  /** kapp's nonce value: the deploy's time in nanoseconds since the epoch. */
  private String nonce() {
    Instant now = clock.instant();
    return Long.toString(now.getEpochSecond() * 1_000_000_000L + now.getNano());
  }

  private static Set<ResourceKey> unchanged(
      Map<ResourceKey, ResourceState> recorded, Map<ResourceKey, ObjectNode> live) {
    var unchanged = new HashSet<ResourceKey>();
    recorded.forEach(
        (key, state) -> {
          ObjectNode object = live.get(key);
          String now =
              object == null ? null : object.path("metadata").path("resourceVersion").asText(null);
          if (state.lastApplied() != null && now != null && now.equals(state.resourceVersion())) {
            unchanged.add(key);
          }
        });
    return unchanged;
  }

  private Map<ResourceKey, ResourceState> recorded(String appId, Set<ResourceKey> keys) {
    var ids = new LinkedHashMap<ResourceKey, String>();
    keys.forEach(key -> ids.put(key, resourceId(appId, key)));
    var states = this.states.resources(ids.values());
    var recorded = new LinkedHashMap<ResourceKey, ResourceState>();
    ids.forEach(
        (key, id) -> {
          var state = states.get(id);
          if (state != null) {
            recorded.put(key, state);
          }
        });
    return recorded;
  }

  private static Set<ResourceKey> union(List<Resource> desired, Set<ResourceKey> previous) {
    var all = new LinkedHashSet<ResourceKey>();
    desired.forEach(r -> all.add(r.key()));
    all.addAll(previous);
    return all;
  }

  /** The ResourceChange id of an object of the app, built by {@link ResourceIds}. */
  public static String resourceId(String appId, ResourceKey key) {
    return ResourceIds.resourceId(appId, key.group(), key.kind(), key.namespace(), key.name());
  }
}
