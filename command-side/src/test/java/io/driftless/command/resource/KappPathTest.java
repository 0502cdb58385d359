package io.driftless.command.resource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.driftless.diff.config.KappConfig;
import io.driftless.diff.resources.YamlTrees;
import io.driftless.events.ResourceRef;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The suggested rebase rule of a ghost diff: kapp's path syntax, and a Config kapp reads. */
class KappPathTest {

  private static final ResourceRef WEB = new ResourceRef("apps/v1", "Deployment", "default", "web");

  @Test
  void keysIndexesAndMergeKeysBecomeKappPathParts() {
    assertThat(KappPath.parse("spec.replicas").yaml()).isEqualTo("[spec, replicas]");
    assertThat(KappPath.parse("metadata.annotations[\"deployment.kubernetes.io/revision\"]").yaml())
        .isEqualTo("[metadata, annotations, \"deployment.kubernetes.io/revision\"]");
    assertThat(KappPath.parse("spec.template.spec.containers[name=web].image").yaml())
        .isEqualTo("[spec, template, spec, containers, {allIndexes: true}, image]");
    assertThat(KappPath.parse("rules[0].verbs").yaml()).isEqualTo("[rules, {index: 0}, verbs]");
    assertThat(KappPath.parse("data[\"say \\\"hi\\\"\"]").yaml())
        .isEqualTo("[data, \"say \\\"hi\\\"\"]");
    assertThat(KappPath.parse("data.true").yaml()).isEqualTo("[data, \"true\"]");
    assertThat(KappPath.parse("spec.ports[name=http]").yaml()).isEqualTo("[spec, ports]");
  }

  @Test
  void aPathWithoutAMapKeyIsNoKappPath() {
    assertThatThrownBy(() -> KappPath.parse("")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> KappPath.parse("[0]")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theSuggestedRuleIsAWholeKappConfigForTheOneObject() {
    var yaml = SuggestedRebaseRule.yaml(WEB, "spec.replicas");

    assertThat(yaml)
        .isEqualTo(
            """
            apiVersion: kapp.k14s.io/v1alpha1
            kind: Config
            rebaseRules:
            - path: [spec, replicas]
              type: copy
              sources: [existing, new]
              resourceMatchers:
              - kindNamespaceNameMatcher:
                  kind: Deployment
                  namespace: default
                  name: web
            """);
    var tree = YamlTrees.readObject(yaml);
    var rule = tree.path("rebaseRules").get(0);
    assertThat(rule.path("path").toString()).isEqualTo("[\"spec\",\"replicas\"]");
    assertThat(rule.path("sources").toString()).isEqualTo("[\"existing\",\"new\"]");
    var config = KappConfig.parse(List.of(tree));
    assertThat(config.rebaseRules()).hasSize(1);
  }

  @Test
  void aClusterScopedObjectsMatcherHasAnEmptyNamespace() {
    var role = new ResourceRef("rbac.authorization.k8s.io/v1", "ClusterRole", "", "reader");

    var yaml = SuggestedRebaseRule.yaml(role, "rules[0]");

    assertThat(yaml).contains("namespace: \"\"\n").contains("- path: [rules]\n");
    assertThat(KappConfig.parse(List.of(YamlTrees.readObject(yaml))).rebaseRules()).hasSize(1);
  }
}
