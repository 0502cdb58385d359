package io.driftless.command.resource;

import io.driftless.events.ResourceRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kapp rebase rule that keeps the cluster's value of one field of one object: a copy from the
 * existing object, falling back to the new one ({@code sources: [existing, new]}), matched by kind,
 * namespace and name. As YAML it is the whole kapp Config document a user can add to the deploy
 * ({@code GhostDiffDetected.suggestedRebaseRule}); as a tree, with a {@code name} (which names the
 * rule in {@code decidedBy: rebase:<name>}), it is what the planner adds for yielded fields and for
 * the replicas of a Deployment or StatefulSet an HPA of the app scales.
 */
public final class SuggestedRebaseRule {

  /** The rule name (and {@code decidedBy} suffix) of fields yielded under {@code yield}. */
  public static final String YIELD_RULE = "ghost-diff-yield";

  private SuggestedRebaseRule() {}

  /** The kapp Config document, as YAML, keeping {@code path} of {@code resource}. */
  public static String yaml(ResourceRef resource, String path) {
    return "apiVersion: kapp.k14s.io/v1alpha1\n"
        + "kind: Config\n"
        + "rebaseRules:\n"
        + "- path: "
        + KappPath.parse(path).yaml()
        + "\n"
        + "  type: copy\n"
        + "  sources: [existing, new]\n"
        + "  resourceMatchers:\n"
        + "  - kindNamespaceNameMatcher:\n"
        + "      kind: "
        + KappPath.scalar(resource.kind())
        + "\n"
        + "      namespace: "
        + (resource.namespace() == null || resource.namespace().isEmpty()
            ? "\"\""
            : KappPath.scalar(resource.namespace()))
        + "\n"
        + "      name: "
        + KappPath.scalar(resource.name())
        + "\n";
  }

  /**
   * The same as a kapp Config tree (plain maps and lists), the rule named {@code ruleName}.
   *
   * @param kind the object's kind
   * @param namespace its namespace, empty for a cluster-scoped object
   * @param name its name
   * @param paths the fields to keep, in the diff-cases syntax
   */
  public static Map<String, Object> config(
      String ruleName, String kind, String namespace, String name, List<String> paths) {
    var matcher = new LinkedHashMap<String, Object>();
    matcher.put("kind", kind);
    matcher.put("namespace", namespace == null ? "" : namespace);
    matcher.put("name", name);
    var rule = new LinkedHashMap<String, Object>();
    rule.put("name", ruleName);
    rule.put("paths", paths.stream().map(SuggestedRebaseRule::tree).toList());
    rule.put("type", "copy");
    rule.put("sources", List.of("existing", "new"));
    rule.put("resourceMatchers", List.of(Map.of("kindNamespaceNameMatcher", matcher)));
    var config = new LinkedHashMap<String, Object>();
    config.put("apiVersion", "kapp.k14s.io/v1alpha1");
    config.put("kind", "Config");
    config.put("metadata", Map.of("name", "driftless-" + ruleName));
    config.put("rebaseRules", List.of(rule));
    return config;
  }

  private static List<Object> tree(String path) {
    var parts = new ArrayList<Object>();
    for (var part : KappPath.parse(path).parts()) {
      if (part.key() != null) {
        parts.add(part.key());
      } else if (part.index() != null) {
        parts.add(Map.of("index", part.index()));
      } else {
        parts.add(Map.of("allIndexes", true));
      }
    }
    return parts;
  }
}
