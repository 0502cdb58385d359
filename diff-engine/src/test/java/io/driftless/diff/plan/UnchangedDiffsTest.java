package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.Fixtures;
import io.driftless.diff.config.KappConfig;
import io.driftless.diff.resources.Manifest;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.YamlTrees;
import io.driftless.diff.text.HmacFingerprint;
import io.driftless.diff.text.SecretFingerprint;
import io.driftless.diff.text.SecretRedaction;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An engine that keeps its unchanged diffs plans exactly as one that does not (issue 31: a plan of
 * unchanged objects reuses the noops found before instead of working them out again), on real
 * manifests against live objects with server defaults, also once something changed.
 */
class UnchangedDiffsTest {

  private final SecretFingerprint fingerprint = HmacFingerprint.ephemeral();
  private final DiffEngine plain = new DiffEngine(KappConfig.defaults(), fingerprint);
  private final UnchangedDiffs kept = new UnchangedDiffs(10_000);
  private final DiffEngine keeping = new DiffEngine(KappConfig.defaults(), fingerprint, kept);

  private PlanInput redeploy(Manifest manifest, boolean unchanged) {
    var first = plain.plan(PlanInput.fresh(manifest.resources()).withConfigs(manifest.configs()));
    var defaults = new ServerDefaults();
    Map<ResourceKey, ObjectNode> lastApplied = new LinkedHashMap<>();
    Map<ResourceKey, ObjectNode> live = new LinkedHashMap<>();
    for (Change change : first.changes()) {
      lastApplied.put(change.key(), SecretRedaction.redact(change.intended(), fingerprint));
      live.put(change.key(), defaults.live(change.applied()));
    }
    return new PlanInput(
            manifest.resources(), lastApplied, live, new LinkedHashSet<>(live.keySet()))
        .withConfigs(manifest.configs())
        .withUnchangedSinceApply(unchanged ? live.keySet() : Set.of());
  }

  @ParameterizedTest
  @CsvSource({
    "cf-for-k8s-v0.2.0.yml, true",
    "cf-for-k8s-v0.2.0.yml, false",
    "cert-manager-v1.6.1.yml, true",
    "guestbook.yml, false",
    "redis-with-configmap.yml, false"
  })
  void plansAsAnEngineThatKeepsNothingFirstAndAgain(String file, boolean unchanged) {
    var input = redeploy(Fixtures.manifest("manifests/" + file), unchanged);
    var expected = plain.plan(input);

    var first = keeping.plan(input);
    var again = keeping.plan(input);

    assertThat(first).isEqualTo(expected);
    assertThat(again).isEqualTo(expected);
    assertThat(kept.size()).isPositive();
  }

  @Test
  void aChangedObjectIsDiffedAgain() {
    var input = redeploy(Fixtures.manifest("manifests/guestbook.yml"), true);
    keeping.plan(input);
    var desired = input.desired().get(0);
    var edited = desired.object().deepCopy();
    edited.withObject("metadata").withObject("labels").put("edited", "yes");
    var desiredNow = new ArrayList<>(input.desired());
    desiredNow.set(0, Resource.of(edited));
    var changed = input.withDesired(desiredNow);

    var plan = keeping.plan(changed);

    assertThat(plan).isEqualTo(plain.plan(changed));
    assertThat(plan.opCounts()).containsEntry(ChangeOp.UPDATE, 1);
  }

  @Test
  void anUpdateMadeOfAKeptNoopWritesOnACopy() {
    var input = redeploy(Fixtures.manifest("manifests/guestbook.yml"), true);
    keeping.plan(input);
    var again = keeping.plan(input);
    assertThat(again.changes()).allMatch(c -> c.op() == ChangeOp.NOOP);
    // an adoption or takeover makes a planned noop an update, whose object is then labelled
    again.changes().forEach(c -> c.asUpdate(List.of()).applied().put("scribbled", true));

    assertThat(keeping.plan(input)).isEqualTo(plain.plan(input));
  }

  @Test
  void otherConfigsAreDiffedAgain() {
    var input = redeploy(Fixtures.manifest("manifests/guestbook.yml"), true);
    keeping.plan(input);
    var config =
        YamlTrees.readObject(
            """
            apiVersion: kapp.k14s.io/v1alpha1
            kind: Config
            rebaseRules:
            - path: [metadata, annotations, copied]
              type: copy
              sources: [existing]
              resourceMatchers:
              - allMatcher: {}
            """);
    var configured = input.withConfigs(List.of(config));

    var plan = keeping.plan(configured);

    assertThat(plan).isEqualTo(plain.plan(configured));
  }

  @Test
  void treesAreTheSameOnlyWithTheirFieldsInTheSameOrder() {
    ObjectNode ab = YamlTrees.readObject("a: 1\nb: [x, {c: 2}]\n");
    ObjectNode ba = YamlTrees.readObject("b: [x, {c: 2}]\na: 1\n");

    assertThat(ab).isEqualTo(ba);
    assertThat(UnchangedDiffs.sameTree(ab, ab.deepCopy())).isTrue();
    assertThat(UnchangedDiffs.sameTree(ab, ba)).isFalse();
    assertThat(UnchangedDiffs.sameTree(ab, YamlTrees.readObject("a: 1\nb: [x, {c: 3}]\n")))
        .isFalse();
    assertThat(
            UnchangedDiffs.sameTree(
                YamlTrees.readObject("a: 1\n"), YamlTrees.readObject("a: 1.0\n")))
        .isFalse();
    assertThat(UnchangedDiffs.sameTree(null, null)).isTrue();
    assertThat(UnchangedDiffs.sameTree(ab, null)).isFalse();
  }

  @Test
  void liveObjectsAreTheSameByUidAndResourceVersionWhenTheyCarryBoth() {
    ObjectNode live =
        YamlTrees.readObject(
            "metadata: {name: a, uid: u-1, resourceVersion: '7'}\nstatus: {replicas: 1}\n");
    var copy = live.deepCopy();
    copy.withObject("status").put("replicas", 2); // not what a server does without a new version
    var written = live.deepCopy();
    written.withObject("metadata").put("resourceVersion", "8");
    var recreated = live.deepCopy();
    recreated.withObject("metadata").put("uid", "u-2");
    ObjectNode unversioned = YamlTrees.readObject("metadata: {name: a}\nstatus: {replicas: 1}\n");
    var unversionedEdit = unversioned.deepCopy();
    unversionedEdit.withObject("status").put("replicas", 2);

    assertThat(UnchangedDiffs.sameLive(live, copy)).isTrue();
    assertThat(UnchangedDiffs.sameLive(live, written)).isFalse();
    assertThat(UnchangedDiffs.sameLive(live, recreated)).isFalse();
    assertThat(UnchangedDiffs.sameLive(live, unversioned)).isFalse();
    assertThat(UnchangedDiffs.sameLive(unversioned, unversioned.deepCopy())).isTrue();
    assertThat(UnchangedDiffs.sameLive(unversioned, unversionedEdit)).isFalse();
  }

  @Test
  void aLiveObjectWrittenSinceIsDiffedAgain() {
    // the live objects carry a uid and resourceVersion (ServerDefaults), as a server's do
    var before = redeploy(Fixtures.manifest("manifests/guestbook.yml"), false);
    keeping.plan(before);
    // an outside edit of the first object: a new resourceVersion, a label the manifest does not set
    var key = before.desired().get(0).key();
    var edited = before.live().get(key).deepCopy();
    var metadata = edited.withObject("metadata");
    metadata.put("resourceVersion", metadata.path("resourceVersion").asText() + "-edited");
    metadata.withObject("labels").put("edited", "outside");
    var live = new LinkedHashMap<>(before.live());
    live.put(key, edited);
    var after =
        new PlanInput(
            before.desired(),
            before.lastApplied(),
            live,
            before.previouslyDeployed(),
            before.configs(),
            before.unchangedSinceApply(),
            before.nonce(),
            before.labelScoping(),
            before.apiVersions());

    assertThat(keeping.plan(after)).isEqualTo(plain.plan(after));
    assertThat(plain.plan(after)).isNotEqualTo(plain.plan(before));
    assertThat(keeping.plan(before)).isEqualTo(plain.plan(before));
  }

  @Test
  void noCapacityKeepsNothing() {
    var none = new UnchangedDiffs(0);
    var engine = new DiffEngine(KappConfig.defaults(), fingerprint, none);
    var input = redeploy(Fixtures.manifest("manifests/guestbook.yml"), true);

    assertThat(engine.plan(input)).isEqualTo(plain.plan(input));
    assertThat(none.size()).isZero();
  }
}
