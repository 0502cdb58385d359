package io.driftless.command.ownership;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.plan.Change;
import io.driftless.diff.plan.ChangeOp;
import io.driftless.diff.plan.FieldChange;
import io.driftless.diff.resources.ResourceKey;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OwnershipRulesTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String APP = "default/app-b";
  private static final String OTHER = "default/app-a";
  private static final ResourceKey CM = new ResourceKey("", "ConfigMap", "default", "cm");
  private static final ResourceKey DEPLOY = new ResourceKey("apps", "Deployment", "default", "web");

  private final Map<ResourceKey, ObjectNode> live = new HashMap<>();

  private static ObjectNode object(ResourceKey key) {
    var object = JSON.createObjectNode();
    object.put("apiVersion", key.group().isEmpty() ? "v1" : key.group() + "/v1");
    object.put("kind", key.kind());
    object.withObject("metadata").put("name", key.name()).put("namespace", key.namespace());
    return object;
  }

  private static Change change(ResourceKey key, ChangeOp op) {
    var apiVersion = key.group().isEmpty() ? "v1" : key.group() + "/v1";
    var object = op == ChangeOp.DELETE ? null : object(key);
    return new Change(key, apiVersion, op, op.waitTo(), "", List.of(), object, null, object);
  }

  private void live(ResourceKey key, String ownerAppId) {
    var object = object(key);
    live.put(key, ownerAppId == null ? object : AppLabels.labelled(object, ownerAppId, key));
  }

  private OwnershipRules rules(Set<ResourceKey> recorded) {
    return new OwnershipRules(APP, live, recorded::contains);
  }

  @Test
  void createsAndTheAppsOwnObjectsPass() {
    live(DEPLOY, APP);
    var changes = List.of(change(CM, ChangeOp.CREATE), change(DEPLOY, ChangeOp.UPDATE));

    var owned = rules(Set.of()).apply(changes, false);

    assertThat(owned.changes()).isEqualTo(changes);
    assertThat(owned.takenOver()).isEmpty();
  }

  @Test
  void objectsOfAnotherAppAreRefusedAllTogetherInKappsWords() {
    live(CM, OTHER);
    live(DEPLOY, OTHER);
    var changes = List.of(change(CM, ChangeOp.NOOP), change(DEPLOY, ChangeOp.UPDATE));

    assertThatThrownBy(() -> rules(Set.of()).apply(changes, false))
        .isInstanceOfSatisfying(
            OwnershipConflictException.class,
            e -> {
              assertThat(e.getMessage()).startsWith("Ownership errors: 2 resources are already");
              assertThat(e.details())
                  .containsExactly(
                      "Resource 'configmap/cm (v1) namespace: default' is already associated"
                          + " with a different app 'app-a' namespace: default"
                          + " (label 'driftless.io/app=app-a.default')",
                      "Resource 'deployment/web (apps/v1) namespace: default' is already"
                          + " associated with a different app 'app-a' namespace: default"
                          + " (label 'driftless.io/app=app-a.default')");
            });
  }

  @Test
  void overrideTurnsATakeoverIntoAnUpdateOfTheAppLabel() {
    live(CM, OTHER);

    var owned = rules(Set.of()).apply(List.of(change(CM, ChangeOp.NOOP)), true);

    var change = owned.changes().get(0);
    assertThat(change.op()).isEqualTo(ChangeOp.UPDATE);
    assertThat(change.fields())
        .containsExactly(
            new FieldChange(
                OwnershipRules.LABEL_PATH,
                JSON.valueToTree("app-a.default"),
                JSON.valueToTree("app-b.default"),
                "overrideOwnership"));
    assertThat(owned.takenOver()).containsEntry(CM, new Owner("app-a.default", OTHER));
  }

  @Test
  void unlabelledObjectTheAppNeverAppliedIsAdopted() {
    live(CM, null);

    var owned = rules(Set.of()).apply(List.of(change(CM, ChangeOp.NOOP)), false);

    var change = owned.changes().get(0);
    assertThat(change.op()).isEqualTo(ChangeOp.UPDATE);
    assertThat(change.fields().get(0).from()).isNull();
    assertThat(change.fields().get(0).decidedBy()).isEqualTo("adopt");
    assertThat(owned.takenOver()).isEmpty();
  }

  @Test
  void unlabelledObjectTheAppAppliedStaysANoop() {
    live(CM, null);
    var noop = change(CM, ChangeOp.NOOP);

    var owned = rules(Set.of(CM)).apply(List.of(noop), false);

    assertThat(owned.changes()).containsExactly(noop);
  }

  @Test
  void deletesTouchOnlyTheAppsOwnObjects() {
    var ours = new ResourceKey("", "ConfigMap", "default", "ours");
    var older = new ResourceKey("", "ConfigMap", "default", "older");
    var gone = new ResourceKey("", "ConfigMap", "default", "gone");
    var stranger = new ResourceKey("", "ConfigMap", "default", "stranger");
    live(ours, APP);
    live(older, null);
    live(CM, OTHER);
    live(stranger, null);
    var changes =
        List.of(
            change(ours, ChangeOp.DELETE),
            change(older, ChangeOp.DELETE),
            change(gone, ChangeOp.DELETE),
            change(CM, ChangeOp.DELETE),
            change(stranger, ChangeOp.DELETE));

    var owned = rules(Set.of(older, gone)).apply(changes, false);

    assertThat(owned.changes()).extracting(Change::key).containsExactly(ours, older, gone);
  }

  @Test
  void existsAndNoopAnnotatedObjectsAreNeverChecked() {
    live(CM, OTHER);
    live(DEPLOY, OTHER);
    var exists = change(CM, ChangeOp.NOOP);
    exists
        .intended()
        .withObject("metadata")
        .withObject("annotations")
        .put("kapp.k14s.io/exists", "");
    var noop = change(DEPLOY, ChangeOp.UPDATE);
    noop.intended().withObject("metadata").withObject("annotations").put("kapp.k14s.io/noop", "");

    var owned = rules(Set.of()).apply(List.of(exists, noop), false);

    assertThat(owned.changes()).containsExactly(exists, noop);
    assertThat(OwnershipRules.claims(exists)).isFalse();
    assertThat(OwnershipRules.claims(change(CM, ChangeOp.CREATE))).isTrue();
  }
}
