package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.diff.resources.ResourceKey;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 11: kapp's default label scoping rules, rule by rule on real manifests (kapp's simple-app,
 * cf-for-k8s), kapp's e2e TestDefaultLabelScopingRulesFlag, and the compatibility rule for apps
 * deployed before scoping.
 */
class LabelScopingTest {

  private static final String APP = "driftless.io/app";
  private static final LabelScoping ON = new LabelScoping(Map.of(APP, "shop.default"), true);
  private static final LabelScoping CUSTOM_ONLY =
      new LabelScoping(Map.of(APP, "shop.default"), false);

  private final DiffEngine engine = new DiffEngine();
  private final Manifest simpleApp = Fixtures.manifest("manifests/simple-app-v1.yml");
  private final Manifest cf = Fixtures.manifest("manifests/cf-for-k8s-v0.2.0.yml");

  private ChangeSet fresh(Manifest manifest, LabelScoping scoping) {
    return engine.plan(
        PlanInput.fresh(manifest.resources())
            .withConfigs(manifest.configs())
            .withLabelScoping(scoping));
  }

  private static ObjectNode applied(ChangeSet plan, String id) {
    return plan.changes().stream()
        .filter(c -> c.key().id().equals(id))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no change of " + id))
        .applied();
  }

  private static String app(JsonNode map) {
    return map.path(APP).asText(null);
  }

  @Test
  void scopesTheServiceSelectorAndTheDeploymentSelectorAndTemplate() {
    var plan = fresh(simpleApp, ON);

    var service = applied(plan, "core/Service/default/simple-app");
    var deployment = applied(plan, "apps/Deployment/default/simple-app");
    assertThat(app(service.at("/spec/selector"))).isEqualTo("shop.default");
    assertThat(service.at("/spec/selector/simple-app").isMissingNode()).isFalse();
    assertThat(app(deployment.at("/spec/selector/matchLabels"))).isEqualTo("shop.default");
    assertThat(app(deployment.at("/spec/template/metadata/labels"))).isEqualTo("shop.default");
    assertThat(plan.changes())
        .filteredOn(c -> c.key().kind().equals("Service"))
        .singleElement()
        .satisfies(
            c -> assertThat(c.fields()).extracting(FieldChange::path).contains("spec.selector"));
  }

  /** kapp e2e: without the default rules the template still carries the label, selectors not. */
  @Test
  void defaultRulesOffLeavesSelectorsAndLabelsTemplates() {
    var plan = fresh(simpleApp, CUSTOM_ONLY);

    var deployment = applied(plan, "apps/Deployment/default/simple-app");
    assertThat(app(applied(plan, "core/Service/default/simple-app").at("/spec/selector"))).isNull();
    assertThat(app(deployment.at("/spec/selector/matchLabels"))).isNull();
    assertThat(app(deployment.at("/spec/template/metadata/labels"))).isEqualTo("shop.default");
  }

  /** kapp e2e: a Config's own labelScopingRules apply without the default ones. */
  @Test
  void configRulesApplyWithoutTheDefaultOnes() {
    var manifest =
        ManifestParser.parseYaml(
            Fixtures.text("manifests/simple-app-v1.yml")
                + "\n---\napiVersion: kapp.k14s.io/v1alpha1\nkind: Config\nlabelScopingRules:\n"
                + "- path: [spec, selector]\n  resourceMatchers:\n"
                + "  - apiVersionKindMatcher: {apiVersion: v1, kind: Service}\n",
            "default");

    var plan = fresh(manifest, CUSTOM_ONLY);

    assertThat(app(applied(plan, "core/Service/default/simple-app").at("/spec/selector")))
        .isEqualTo("shop.default");
    assertThat(
            app(
                applied(plan, "apps/Deployment/default/simple-app")
                    .at("/spec/selector/matchLabels")))
        .isNull();
  }

  @Test
  void scopesEveryKindOfKappsDefaultListInCfForK8s() {
    var plan = fresh(cf, ON);

    var daemonSet = applied(plan, "apps/DaemonSet/cf-system/fluentd");
    assertThat(app(daemonSet.at("/spec/selector/matchLabels"))).isEqualTo("shop.default");
    assertThat(app(daemonSet.at("/spec/template/metadata/labels"))).isEqualTo("shop.default");
    var statefulSet = applied(plan, "apps/StatefulSet/cf-db/cf-db-postgresql");
    assertThat(app(statefulSet.at("/spec/selector/matchLabels"))).isEqualTo("shop.default");
    assertThat(app(statefulSet.at("/spec/template/metadata/labels"))).isEqualTo("shop.default");
    // kapp creates no map on a path through a list: claim templates without labels stay so
    assertThat(statefulSet.at("/spec/volumeClaimTemplates/0/metadata/labels").isMissingNode())
        .isTrue();
    var pdb = applied(plan, "policy/PodDisruptionBudget/istio-system/istio-pilot");
    assertThat(app(pdb.at("/spec/selector/matchLabels"))).isEqualTo("shop.default");
    // a Job without a selector: kapp leaves the server's generated one alone, labels the template
    var job = applied(plan, "batch/Job/cf-system/ccdb-migrate");
    assertThat(job.at("/spec/selector").isMissingNode()).isTrue();
    assertThat(app(job.at("/spec/template/metadata/labels"))).isEqualTo("shop.default");
    // not in kapp's list: a NetworkPolicy's podSelector
    plan.changes().stream()
        .filter(c -> c.key().kind().equals("NetworkPolicy"))
        .forEach(c -> assertThat(app(c.applied().at("/spec/podSelector/matchLabels"))).isNull());
  }

  @Test
  void leavesObjectsWithTheDisableAnnotationsAlone() {
    var manifest = Fixtures.manifest("manifests/simple-app-v1.yml");
    manifest.resources().stream()
        .filter(r -> r.kind().equals("Service"))
        .forEach(
            r ->
                r.object()
                    .with("metadata")
                    .with("annotations")
                    .put("kapp.k14s.io/disable-label-scoping", ""));

    var plan = fresh(manifest, ON);

    assertThat(app(applied(plan, "core/Service/default/simple-app").at("/spec/selector"))).isNull();
    assertThat(
            app(
                applied(plan, "apps/Deployment/default/simple-app")
                    .at("/spec/selector/matchLabels")))
        .isEqualTo("shop.default");
  }

  @Test
  void aScopedAppRedeploysWithoutChanges() {
    var first = fresh(simpleApp, ON);
    var cluster = new LinkedHashMap<ResourceKey, ObjectNode>();
    first.changes().forEach(c -> cluster.put(c.key(), c.applied()));
    var lastApplied = new LinkedHashMap<ResourceKey, ObjectNode>();
    first.changes().forEach(c -> lastApplied.put(c.key(), c.intended()));

    var again =
        engine.plan(
            new PlanInput(
                    simpleApp.resources(),
                    lastApplied,
                    cluster,
                    new LinkedHashSet<>(cluster.keySet()))
                .withLabelScoping(ON));

    assertThat(again.hasChanges()).isFalse();
    assertThat(app(again.changes().get(0).intended().at("/spec/selector"))).isNotNull();
  }

  /** Compatibility: an app deployed unscoped stays unscoped, new objects included. */
  @Test
  void anAppDeployedUnscopedStaysUnscoped() {
    var unscoped = engine.plan(PlanInput.fresh(simpleApp.resources()));
    var cluster = new LinkedHashMap<ResourceKey, ObjectNode>();
    unscoped.changes().stream()
        .filter(c -> c.key().kind().equals("Deployment"))
        .forEach(c -> cluster.put(c.key(), c.applied()));

    var plan =
        engine.plan(
            new PlanInput(simpleApp.resources(), cluster, cluster, cluster.keySet())
                .withLabelScoping(ON));

    assertThat(plan.hasChanges()).isTrue();
    assertThat(plan.shown()).extracting(c -> c.key().kind()).containsExactly("Service");
    assertThat(app(applied(plan, "core/Service/default/simple-app").at("/spec/selector"))).isNull();
  }

  @Test
  void withoutScopingNothingChanges() {
    var plan = fresh(simpleApp, null);

    assertThat(List.of("core/Service/default/simple-app", "apps/Deployment/default/simple-app"))
        .allSatisfy(id -> assertThat(applied(plan, id).toString()).doesNotContain(APP));
  }
}
