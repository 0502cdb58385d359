package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Issue 11: the apply waves equal kapp's own, on kapp's change-graph test asset (cf-for-k8s with
 * its Config) and kapp's expected {@code PrintLinearizedStr} output, for upserts and for deletes.
 */
class KappWavesTest {

  private static final String DIR = "plan/kapp-diffgraph/";

  private final DiffEngine engine = new DiffEngine();
  private final Manifest manifest = Fixtures.manifest(DIR + "cf-for-k8s.yml");

  /**
   * The asset's resources as kapp's graph test sees them: it builds the graph of the resources as
   * they are, without resolving versioned ones into {@code -ver-N} names.
   */
  private List<Resource> resources() {
    manifest
        .resources()
        .forEach(
            r -> r.object().with("metadata").with("annotations").remove(KappAnnotations.VERSIONED));
    return manifest.resources();
  }

  /**
   * kapp's expected text. Two ClusterRoles of the asset carry a namespace, which kapp prints;
   * Driftless drops the namespace of cluster-scoped kinds when parsing, as the API server does.
   */
  private static String expected(String file) {
    return Fixtures.text(DIR + file)
        .strip()
        .replace(") namespace: cf-system", ") NS")
        .lines()
        .map(
            line ->
                line.startsWith("(") && line.contains("clusterrole/")
                    ? line.replace(") NS", ") cluster")
                    : line.replace(") NS", ") namespace: cf-system"))
        .collect(Collectors.joining("\n"));
  }

  /** kapp's {@code Linearized} text: one line per change, waves separated by {@code ---}. */
  static String linearized(ChangeSet plan, String op) {
    return plan.waves().stream()
        .map(
            wave ->
                wave.stream()
                    .map(change -> "(" + op + ") " + describe(change))
                    .collect(Collectors.joining("\n")))
        .collect(Collectors.joining("\n---\n"));
  }

  /** kapp's resource description, {@code deployment/uaa (apps/v1) namespace: cf-system}. */
  static String describe(Change change) {
    ResourceKey key = change.key();
    return key.kind().toLowerCase(Locale.ROOT)
        + "/"
        + key.name()
        + " ("
        + change.apiVersion()
        + ") "
        + (key.clusterScoped() ? "cluster" : "namespace: " + key.namespace());
  }

  @Test
  void upsertsInKappsWaves() {
    var plan = engine.plan(PlanInput.fresh(resources()).withConfigs(manifest.configs()));

    assertThat(linearized(plan, "upsert")).isEqualTo(expected("upsert-waves.txt"));
  }

  @Test
  void deletesInKappsWaves() {
    var objects = new LinkedHashMap<ResourceKey, ObjectNode>();
    resources().forEach(r -> objects.put(r.key(), r.object()));

    var plan =
        engine.plan(
            new PlanInput(List.of(), objects, objects, new LinkedHashSet<>(objects.keySet()))
                .withConfigs(manifest.configs()));

    assertThat(linearized(plan, "delete")).isEqualTo(expected("delete-waves.txt"));
  }

  @Test
  void noWaveWaitsForItselfOrALaterOne() {
    var plan = engine.plan(PlanInput.fresh(resources()).withConfigs(manifest.configs()));

    assertThat(plan.waves()).hasSize(4);
    assertThat(plan.waves().stream().flatMap(List::stream).toList()).isEqualTo(plan.changes());
    Map<String, Integer> waveOf = new LinkedHashMap<>();
    for (int w = 0; w < plan.waves().size(); w++) {
      for (Change change : plan.waves().get(w)) {
        waveOf.put(change.key().id(), w);
      }
    }
    assertThat(waveOf.get("core/Namespace/_/cf-system"))
        .isLessThan(waveOf.get("core/ConfigMap/cf-system/nginx"));
    assertThat(waveOf.get("core/ConfigMap/cf-system/nginx"))
        .isLessThan(waveOf.get("apps/Deployment/cf-system/capi-api-server"));
  }
}
