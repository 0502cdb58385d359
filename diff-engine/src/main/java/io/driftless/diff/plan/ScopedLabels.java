package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.config.LabelRule;
import io.driftless.diff.config.MatchSubject;
import io.driftless.diff.config.PathPart;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * kapp's label scoping ({@code labelScopingRules}, {@code resources/labeled_resources.go}), a pure
 * function of the desired objects: the app label goes into the label selectors the rules name, when
 * the object has them (kapp's defaults: a v1 Service's {@code spec.selector}, the {@code
 * spec.selector.matchLabels} of Deployments, ReplicaSets, StatefulSets, DaemonSets and batch/v1
 * Jobs, of policy/v1beta1 PodDisruptionBudgets), and into the labels they select: the pod-template
 * labels of kapp's {@code ownershipLabelRules} (workloads' and Jobs' {@code spec.template}, a
 * CronJob's job template, a StatefulSet's volume claim templates), created when absent.
 *
 * <p>Compatibility: a Deployment's selector is immutable, and objects deployed before scoping have
 * unscoped selectors and templates. An app is scoped as a whole, or not at all: when any desired
 * object that exists already lacks the label in a selector or template these rules would scope, the
 * plan scopes nothing new: each object gets the label only where its live object already carries it
 * (so a redeploy of an app deployed unscoped changes nothing, nothing scoped is unscoped, and a new
 * Service never selects by a label the old pods lack). A new app is scoped from its first deploy
 * on; an app deployed scoped stays scoped.
 */
final class ScopedLabels {

  private final Map<String, String> labels;
  private final List<LabelRule> selectors;
  private final List<LabelRule> templates;

  ScopedLabels(KappConfig config, LabelScoping scoping) {
    this.labels = scoping.labels();
    this.selectors =
        config.labelScopingRules().stream()
            .filter(rule -> scoping.defaultRules() || !rule.isDefault())
            .toList();
    this.templates = config.ownershipLabelRules();
  }

  /**
   * The desired resources, scoped; when the app is not scoped, labelled only where their live
   * objects already carry the labels.
   */
  List<Resource> apply(List<Resource> desired, Map<ResourceKey, ObjectNode> live) {
    if (desired.stream().anyMatch(r -> deployedUnscoped(r, live.get(r.key())))) {
      return desired.stream().map(r -> keptAsLive(r, live.get(r.key()))).toList();
    }
    return desired.stream().map(this::scoped).toList();
  }

  /** The resource with the labels at each place its live object carries them, and only there. */
  private Resource keptAsLive(Resource resource, ObjectNode live) {
    if (live == null || !anyRuleMatches(resource)) {
      return resource;
    }
    ObjectNode copy = resource.object().deepCopy();
    var subject = MatchSubject.of(copy);
    for (LabelRule rule : selectors) {
      if (rule.matcher().matches(subject)) {
        labelWhereCarried(maps(copy, rule.path(), false), maps(live, rule.path(), false));
      }
    }
    for (LabelRule rule : templates) {
      if (rule.matcher().matches(subject)) {
        List<ObjectNode> carried = maps(live, rule.path(), false);
        boolean create = creatable(rule) && carried.size() == 1 && carries(carried.get(0));
        labelWhereCarried(maps(copy, rule.path(), create), carried);
      }
    }
    return copy.equals(resource.object())
        ? resource
        : new Resource(resource.key(), resource.apiVersion(), copy);
  }

  /** Labels each desired map whose live counterpart (by position) carries the labels. */
  private void labelWhereCarried(List<ObjectNode> desired, List<ObjectNode> live) {
    for (int i = 0; i < Math.min(desired.size(), live.size()); i++) {
      if (carries(live.get(i))) {
        label(desired.get(i));
      }
    }
  }

  private boolean deployedUnscoped(Resource resource, ObjectNode live) {
    if (live == null) {
      return false;
    }
    var subject = MatchSubject.of(resource.object());
    for (LabelRule rule : selectors) {
      if (rule.matcher().matches(subject)
          && lacks(live, rule, maps(resource.object(), rule.path(), false).size())) {
        return true;
      }
    }
    for (LabelRule rule : templates) {
      if (rule.matcher().matches(subject)
          && lacks(
              live,
              rule,
              creatable(rule) ? 1 : maps(resource.object(), rule.path(), false).size())) {
        return true;
      }
    }
    return false;
  }

  /** Whether live lacks the labels in one of the {@code wanted} maps at the rule's path. */
  private boolean lacks(ObjectNode live, LabelRule rule, int wanted) {
    if (wanted == 0) {
      return false;
    }
    List<ObjectNode> maps = maps(live, rule.path(), false);
    return maps.size() < wanted || maps.stream().anyMatch(map -> !carries(map));
  }

  private boolean carries(ObjectNode map) {
    return labels.entrySet().stream()
        .allMatch(label -> label.getValue().equals(map.path(label.getKey()).asText(null)));
  }

  private Resource scoped(Resource resource) {
    if (!anyRuleMatches(resource)) {
      return resource; // most objects (ConfigMaps, CRDs, RBAC): no copy of them to compare
    }
    ObjectNode copy = resource.object().deepCopy();
    var subject = MatchSubject.of(copy);
    for (LabelRule rule : selectors) {
      if (rule.matcher().matches(subject)) {
        maps(copy, rule.path(), false).forEach(this::label);
      }
    }
    for (LabelRule rule : templates) {
      if (rule.matcher().matches(subject)) {
        maps(copy, rule.path(), creatable(rule)).forEach(this::label);
      }
    }
    return copy.equals(resource.object())
        ? resource
        : new Resource(resource.key(), resource.apiVersion(), copy);
  }

  /** Whether a selector or template rule matches the resource (labels do not change a match). */
  private boolean anyRuleMatches(Resource resource) {
    var subject = MatchSubject.of(resource.object());
    return selectors.stream().anyMatch(rule -> rule.matcher().matches(subject))
        || templates.stream().anyMatch(rule -> rule.matcher().matches(subject));
  }

  private void label(ObjectNode map) {
    labels.forEach(map::put);
  }

  /** kapp creates missing maps only on a path of map keys alone. */
  private static boolean creatable(LabelRule rule) {
    return rule.path().stream().allMatch(part -> part.key() != null);
  }

  /** The maps at {@code path}; missing maps are created when {@code create}. */
  static List<ObjectNode> maps(JsonNode node, List<PathPart> path, boolean create) {
    var found = new ArrayList<ObjectNode>();
    walk(node, path, 0, create, found);
    return found;
  }

  private static void walk(
      JsonNode node, List<PathPart> path, int at, boolean create, List<ObjectNode> found) {
    if (at == path.size()) {
      if (node instanceof ObjectNode map) {
        found.add(map);
      }
      return;
    }
    PathPart part = path.get(at);
    if (part.key() != null) {
      if (!(node instanceof ObjectNode map)) {
        return;
      }
      JsonNode next = map.get(part.key());
      if ((next == null || next.isNull()) && create) {
        next = map.putObject(part.key());
      }
      if (next != null) {
        walk(next, path, at + 1, create, found);
      }
    } else if (node.isArray()) {
      for (int i = 0; i < node.size(); i++) {
        if (part.allIndexes() || part.index() == i) {
          walk(node.get(i), path, at + 1, create, found);
        }
      }
    }
  }
}
