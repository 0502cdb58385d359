package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.config.ChangeGroupBinding;
import io.driftless.diff.config.ChangeRuleBinding;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.config.MatchSubject;
import io.driftless.diff.resources.GroupKind;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.ResourceKey;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The change groups and change rules of one resource: from the Config's bindings and from the
 * annotations {@code kapp.k14s.io/change-group} and {@code kapp.k14s.io/change-rule} (each also
 * with any {@code .<suffix>}). Placeholders in binding names and rules are filled in from the
 * resource: {@code {api-group}}, {@code {kind}}, {@code {name}}, {@code {namespace}}, and for a CRD
 * {@code {crd-group}} and {@code {crd-kind}} (what it declares).
 */
final class ChangeGroups {

  private final KappConfig config;
  private final Set<GroupKind> customKinds;

  ChangeGroups(KappConfig config, Set<GroupKind> customKinds) {
    this.config = config;
    this.customKinds = Set.copyOf(customKinds);
  }

  /** The groups the object belongs to. */
  Set<String> groupsOf(ResourceKey key, ObjectNode object) {
    var subject = subject(key, object);
    var groups = new LinkedHashSet<String>();
    for (ChangeGroupBinding binding : config.changeGroupBindings()) {
      if (binding.matcher().matches(subject)) {
        groups.add(fill(binding.name(), key, object));
      }
    }
    annotations(object, KappAnnotations.CHANGE_GROUP)
        .forEach(group -> groups.add(fill(group, key, object)));
    return groups;
  }

  /** The rules the object follows. */
  List<ChangeRule> rulesOf(ResourceKey key, ObjectNode object) {
    var subject = subject(key, object);
    var rules = new ArrayList<ChangeRule>();
    for (String rule : annotations(object, KappAnnotations.CHANGE_RULE)) {
      String text = fill(rule, key, object);
      rules.add(
          ChangeRule.parse(
              text, false, 0, key.id() + " annotation " + KappAnnotations.CHANGE_RULE));
    }
    List<ChangeRuleBinding> bindings = config.changeRuleBindings();
    for (int i = 0; i < bindings.size(); i++) {
      ChangeRuleBinding binding = bindings.get(i);
      if (binding.matcher().matches(subject)) {
        for (String rule : binding.rules()) {
          String text = fill(rule, key, object);
          rules.add(
              ChangeRule.parse(text, binding.ignoreIfCyclical(), 100 + i, "changeRuleBindings"));
        }
      }
    }
    return rules;
  }

  private MatchSubject subject(ResourceKey key, ObjectNode object) {
    var type = GroupKind.of(key);
    return new MatchSubject(object, customKinds.contains(type) || !type.builtInGroup());
  }

  private static List<String> annotations(ObjectNode object, String name) {
    var values = new ArrayList<String>();
    JsonNode annotations = object.path("metadata").path("annotations");
    annotations
        .properties()
        .forEach(
            entry -> {
              String key = entry.getKey();
              if (key.equals(name) || key.startsWith(name + ".")) {
                values.add(entry.getValue().asText());
              }
            });
    return values;
  }

  private static String fill(String template, ResourceKey key, ObjectNode object) {
    if (template.indexOf('{') < 0) {
      return template;
    }
    JsonNode spec = object.path("spec");
    return template
        .replace("{api-group}", key.group())
        .replace("{kind}", key.kind())
        .replace("{name}", key.name())
        .replace("{namespace}", key.namespace())
        .replace("{crd-group}", spec.path("group").asText(""))
        .replace("{crd-kind}", spec.path("names").path("kind").asText(""));
  }
}
