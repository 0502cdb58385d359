package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.ManifestFormat;
import io.driftless.diff.resources.ManifestLimits;
import io.driftless.diff.resources.ManifestParser;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.text.SecretRedaction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The engine never changes the objects it plans from ({@link PlanInput}): an engine that keeps its
 * unchanged diffs ({@link UnchangedDiffs}) holds them and knows them again by identity, so a plan
 * that changed one in place would answer the next plan from a tree that is no longer what it was
 * kept for. Every plan here (create, unchanged against last-applied, three-way against live, an
 * outside edit, with a nonce and kapp's label scoping, each twice) leaves every input tree equal to
 * a copy taken before.
 */
class PlanInputsStayUnchangedTest {

  /** A Secret with stringData, a nonce, a versioned ConfigMap and a scoped Deployment. */
  private static final String EXTRA =
      """
      apiVersion: v1
      kind: Secret
      metadata:
        name: creds
        namespace: default
      stringData:
        password: hunter2
      ---
      apiVersion: v1
      kind: ConfigMap
      metadata:
        name: settings
        namespace: default
        annotations:
          kapp.k14s.io/versioned: ""
          kapp.k14s.io/nonce: ""
      data:
        mode: fast
      ---
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
        namespace: default
      spec:
        selector:
          matchLabels:
            app: web
        template:
          metadata:
            labels:
              app: web
          spec:
            containers:
            - name: web
              image: nginx:1.27
      """;

  private final DiffEngine engine =
      new DiffEngine(
          io.driftless.diff.config.KappConfig.defaults(),
          io.driftless.diff.text.HmacFingerprint.ephemeral(),
          new UnchangedDiffs(10_000));

  private static Manifest manifest(String file) {
    if (file.equals("extra")) {
      return new ManifestParser(ManifestLimits.defaults())
          .parse(EXTRA, ManifestFormat.YAML, "default");
    }
    return Fixtures.manifest("manifests/" + file);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"cf-for-k8s-v0.2.0.yml", "cert-manager-v1.6.1.yml", "guestbook.yml", "extra"})
  void everyPlanLeavesItsObjectsAsTheyWere(String file) {
    var manifest = manifest(file);
    var created = engine.plan(input(manifest, Map.of(), Map.of(), false));
    var defaults = new ServerDefaults();
    Map<ResourceKey, ObjectNode> lastApplied = new LinkedHashMap<>();
    Map<ResourceKey, ObjectNode> live = new LinkedHashMap<>();
    for (Change change : created.changes()) {
      lastApplied.put(
          change.key(), SecretRedaction.redact(change.intended(), engine.fingerprint()));
      live.put(change.key(), defaults.live(change.applied()));
    }
    var edited = new LinkedHashMap<>(live);
    var first = edited.keySet().iterator().next();
    var outside = edited.get(first).deepCopy();
    outside.withObject("metadata").withObject("labels").put("edited", "outside");
    outside.withObject("metadata").put("resourceVersion", "999999");
    edited.put(first, outside);

    var inputs = new ArrayList<PlanInput>();
    for (var base : List.of(true, false)) {
      inputs.add(input(manifest, lastApplied, live, base));
      inputs.add(input(manifest, lastApplied, edited, base));
    }
    var before = inputs.stream().map(PlanInputsStayUnchangedTest::snapshot).toList();
    for (int round = 0; round < 2; round++) {
      inputs.forEach(engine::plan);
    }

    for (int i = 0; i < inputs.size(); i++) {
      var after = snapshot(inputs.get(i));
      for (int j = 0; j < after.size(); j++) {
        // named, not printed: a changed CRD prints as megabytes
        assertThat(after.get(j).equals(before.get(i).get(j)))
            .as("input %d of %s: %s unchanged", i, file, name(after.get(j)))
            .isTrue();
      }
    }
  }

  private static PlanInput input(
      Manifest manifest,
      Map<ResourceKey, ObjectNode> lastApplied,
      Map<ResourceKey, ObjectNode> live,
      boolean againstLastApplied) {
    return new PlanInput(
            manifest.resources(), lastApplied, live, new LinkedHashSet<>(live.keySet()))
        .withConfigs(manifest.configs())
        .withUnchangedSinceApply(againstLastApplied ? live.keySet() : Set.of())
        .withNonce("1764932400000000000")
        .withLabelScoping(new LabelScoping(Map.of("driftless.io/app", "app-1"), true));
  }

  private static String name(ObjectNode object) {
    return object.path("kind").asText() + " " + object.path("metadata").path("name").asText();
  }

  /** Copies of every object of a plan's input, in order. */
  private static List<ObjectNode> snapshot(PlanInput input) {
    var objects = new ArrayList<ObjectNode>();
    for (Resource resource : input.desired()) {
      objects.add(resource.object().deepCopy());
    }
    input.lastApplied().values().forEach(o -> objects.add(o.deepCopy()));
    input.live().values().forEach(o -> objects.add(o.deepCopy()));
    input.configs().forEach(o -> objects.add(o.deepCopy()));
    return objects;
  }
}
