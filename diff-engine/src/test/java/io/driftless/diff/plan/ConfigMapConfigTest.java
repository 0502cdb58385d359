package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ManifestException;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.diff.resources.ResourceKey;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * kapp configuration in a ConfigMap labelled {@code kapp.k14s.io/config} next to an inline Config
 * document: kapp's {@code test/e2e/config_test.go} ({@code TestConfig}), same manifests, same
 * cluster data after the second deploy.
 */
class ConfigMapConfigTest {

  private static final String CONFIG =
      """
      ---
      apiVersion: kapp.k14s.io/v1alpha1
      kind: Config
      rebaseRules:
      - path: [data, delete]
        type: remove
        resourceMatchers:
        - kindNamespaceNameMatcher:
            kind: ConfigMap
            namespace: kapp-test
            name: first
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: kapp-config
        labels:
          kapp.k14s.io/config: ""
      data:
        config.yml: |
          apiVersion: kapp.k14s.io/v1alpha1
          kind: Config
          rebaseRules:
          - path: [data, keep]
            type: copy
            sources: [existing, new]
            resourceMatchers:
            - kindNamespaceNameMatcher:
                kind: ConfigMap
                namespace: kapp-test
                name: second
      """;

  private static final String YAML1 =
      """
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: first
      data:
        keep: ""
        delete: ""
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: second
      data:
        keep: ""
        delete: ""
      """
          + CONFIG;

  private static final String YAML2 =
      """
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: first
      data:
        keep: ""
        keep2: ""
        delete: ""
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: second
      data:
        keep: "replaced-value"
        keep2: ""
        delete: ""
      """
          + CONFIG;

  private static Manifest parse(String yaml) {
    return ManifestParser.parseYaml(yaml, "kapp-test");
  }

  @Test
  void theLabelledConfigMapIsBothAResourceAndAConfig() {
    var manifest = parse(YAML1);

    assertThat(manifest.resources())
        .extracting(r -> r.key().name())
        .containsExactly("first", "second", "kapp-config");
    assertThat(manifest.configs()).hasSize(2);
    assertThat(manifest.configs().get(1).at("/metadata/name").asText()).isEqualTo("kapp-config");
  }

  @Test
  void rulesOfBothConfigsApplyAsInKappsE2eTest() {
    var first = parse(YAML1);
    var cluster = new LinkedHashMap<ResourceKey, ObjectNode>();
    var lastApplied = new LinkedHashMap<ResourceKey, ObjectNode>();
    var engine = new DiffEngine();
    for (Change change :
        engine.plan(PlanInput.fresh(first.resources()).withConfigs(first.configs())).changes()) {
      cluster.put(change.key(), change.applied());
      lastApplied.put(change.key(), change.intended());
    }
    var second = parse(YAML2);

    var plan =
        engine.plan(
            new PlanInput(second.resources(), lastApplied, cluster, cluster.keySet())
                .withConfigs(second.configs()));

    assertThat(data(plan, "first")).containsOnlyKeys("keep", "keep2");
    assertThat(data(plan, "second")).containsOnlyKeys("keep", "keep2", "delete");
    assertThat(data(plan, "second")).containsEntry("keep", "");
    assertThat(fields(plan, "first")).contains("data.delete by rebase:config-1/rebaseRules[0]");
    assertThat(fields(plan, "second")).containsExactly("data.keep2 by desired");
  }

  private static java.util.List<String> fields(ChangeSet plan, String name) {
    return plan.changes().stream()
        .filter(c -> c.key().name().equals(name))
        .flatMap(c -> c.fields().stream())
        .map(f -> f.path() + " by " + f.decidedBy())
        .toList();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> data(ChangeSet plan, String name) {
    var data =
        plan.changes().stream()
            .filter(c -> c.key().name().equals(name))
            .findFirst()
            .orElseThrow()
            .applied()
            .get("data");
    return new ObjectMapper().convertValue(data, Map.class);
  }

  @Test
  void aLabelledConfigMapWithoutConfigYmlIsRefused() {
    var yaml =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n"
            + "    kapp.k14s.io/config: \"\"\ndata:\n  other.yml: x\n";

    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOfSatisfying(
            ManifestException.class,
            e ->
                assertThat(e.details())
                    .containsExactly(
                        "document 1: ConfigMap c labelled kapp.k14s.io/config: expected to find"
                            + " field 'data.\"config.yml\"', but did not"));
  }

  @Test
  void aConfigYmlThatIsNoKappConfigIsRefused() {
    var yaml =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n"
            + "    kapp.k14s.io/config: \"\"\ndata:\n  config.yml: |\n    apiVersion: v1\n"
            + "    kind: ConfigMap\n";

    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOfSatisfying(
            ManifestException.class,
            e ->
                assertThat(e.details())
                    .singleElement()
                    .asString()
                    .contains("expected kapp config to have apiVersion 'kapp.k14s.io/v1alpha1'"));
  }

  @Test
  void aConfigYmlThatIsNoYamlIsRefused() {
    var yaml =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  labels:\n"
            + "    kapp.k14s.io/config: \"\"\ndata:\n  config.yml: \"rebaseRules: [\"\n";

    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOfSatisfying(
            ManifestException.class,
            e ->
                assertThat(e.details())
                    .singleElement()
                    .asString()
                    .startsWith("document 1: ConfigMap c labelled kapp.k14s.io/config: parsing"));
  }

  @Test
  void aLabelledObjectThatIsNoConfigMapIsRefused() {
    var yaml =
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: c\n  labels:\n"
            + "    kapp.k14s.io/config: \"\"\n";

    assertThatThrownBy(() -> parse(yaml))
        .isInstanceOfSatisfying(
            ManifestException.class,
            e ->
                assertThat(e.details())
                    .containsExactly(
                        "document 1: Secret c labelled kapp.k14s.io/config: expected kapp config"
                            + " to be within v1/ConfigMap"));
  }
}
