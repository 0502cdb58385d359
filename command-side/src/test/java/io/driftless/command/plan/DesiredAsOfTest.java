package io.driftless.command.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.secrets.SecretVault;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.YamlTrees;
import io.driftless.diff.text.SecretKeys;
import io.driftless.diff.text.SecretRedaction;
import io.driftless.events.AppChangeFinished;
import io.driftless.events.AppChangeStarted;
import io.driftless.events.AppLocked;
import io.driftless.events.ChangeIds;
import io.driftless.events.ChangeTrigger;
import io.driftless.events.OpCounts;
import io.driftless.events.Provenance;
import io.driftless.events.ResourceCreated;
import io.driftless.events.ResourceDeleted;
import io.driftless.events.ResourceDisowned;
import io.driftless.events.ResourceRef;
import io.driftless.events.ResourceUpdated;
import io.driftless.events.WaitCounts;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.axonframework.eventhandling.GenericDomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EmbeddedEventStore;
import org.axonframework.eventsourcing.eventstore.inmemory.InMemoryEventStorageEngine;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The desired set as of a change (issue 27 point 4), from an in-memory event store written as the
 * command side writes it: a resource a change left unchanged is found further back, a deleted one
 * is absent, a versioned one comes back under its own name, a Secret from its seal (and a seal no
 * configured key opens is named), Driftless's labels come off, a lock row has no set.
 */
class DesiredAsOfTest {

  private static final String APP = "default/shop";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Instant T0 = Instant.parse("2026-11-27T10:00:00Z");

  private final EmbeddedEventStore store =
      EmbeddedEventStore.builder().storageEngine(new InMemoryEventStorageEngine()).build();
  private final Map<String, Long> sequences = new HashMap<>();
  private final SecretVault vault = new SecretVault(SecretKeys.of(newKey(), List.of()));
  private final DesiredAsOf desiredAsOf = new DesiredAsOf(store, vault);

  @AfterEach
  void shutDown() {
    store.shutDown();
  }

  private void publish(String aggregateId, Object payload) {
    var sequence = sequences.merge(aggregateId, 0L, (a, b) -> a + 1);
    store.publish(new GenericDomainEventMessage<>("Test", aggregateId, sequence, payload));
  }

  /**
   * An app change that started, listing {@code names} (ConfigMaps, Secrets by prefix) and ended.
   */
  private void change(long number, ChangeTrigger trigger, boolean successful, String... keys) {
    var desired = new TreeMap<String, String>();
    for (var key : keys) {
      desired.put(key, "hash");
    }
    var id = ChangeIds.of(APP, number);
    publish(
        APP,
        new AppChangeStarted(
            APP,
            id,
            number,
            trigger,
            T0.plusSeconds(number * 10),
            List.of("default"),
            desired,
            new OpCounts(0, 0, 0, 0, 0),
            new WaitCounts(0, 0, 0),
            "update",
            null,
            null,
            number == 1 ? "[{\"apiVersion\":\"kapp.k14s.io/v1alpha1\",\"kind\":\"Config\"}]" : null,
            Provenance.unknown(),
            null));
    publish(
        APP,
        new AppChangeFinished(
            APP,
            id,
            successful,
            "update",
            new OpCounts(0, 0, 0, 0, 0),
            new WaitCounts(0, 0, 0),
            T0.plusSeconds(number * 10 + 5),
            successful ? null : "refused"));
  }

  private static String cm(String name) {
    return "core/ConfigMap/default/" + name;
  }

  private void applied(long number, boolean created, String yaml) {
    ObjectNode object = YamlTrees.readObject(yaml);
    var key = ResourceKey.of(object);
    var ref =
        new ResourceRef(
            object.path("apiVersion").asText(), key.kind(), key.namespace(), key.name());
    var resourceId = Planner.resourceId(APP, key);
    var redacted = SecretRedaction.redact(object, vault.fingerprint());
    @SuppressWarnings("unchecked")
    Map<String, Object> recorded = JSON.convertValue(redacted, Map.class);
    var sealed = SecretRedaction.isSecret(object) ? vault.seal(resourceId, object) : null;
    var changeId = ChangeIds.of(APP, number);
    var at = T0.plusSeconds(number * 10 + 1);
    publish(
        resourceId,
        created
            ? new ResourceCreated(
                resourceId, APP, changeId, ref, recorded, "h", "1", 1, List.of(), at, sealed)
            : new ResourceUpdated(
                resourceId, APP, changeId, ref, recorded, "h", "2", 1, List.of(), at, sealed));
  }

  private static String configMap(String name, String value) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + name
        + "\n  namespace: default\ndata:\n  v: "
        + value
        + "\n";
  }

  private RecordedDesired asOf(long number) {
    return desiredAsOf.of(APP, ChangeIds.of(APP, number)).orElseThrow();
  }

  private static Map<String, String> values(RecordedDesired desired) {
    var values = new TreeMap<String, String>();
    for (Resource r : desired.resources()) {
      values.put(r.key().name(), r.object().path("data").path("v").asText(null));
    }
    return values;
  }

  @Test
  void aResourceTheChangeLeftUnchangedIsFoundInAnEarlierChange() {
    change(1, ChangeTrigger.DEPLOY, true, cm("a"), cm("b"));
    applied(1, true, configMap("a", "one"));
    applied(1, true, configMap("b", "one"));
    change(2, ChangeTrigger.DEPLOY, true, cm("a"), cm("b"));
    applied(2, false, configMap("a", "two"));
    change(3, ChangeTrigger.DEPLOY, true, cm("a"), cm("b"));
    applied(3, false, configMap("b", "three"));

    assertThat(values(asOf(1))).containsExactly(Map.entry("a", "one"), Map.entry("b", "one"));
    assertThat(values(asOf(2))).containsExactly(Map.entry("a", "two"), Map.entry("b", "one"));
    assertThat(values(asOf(3))).containsExactly(Map.entry("a", "two"), Map.entry("b", "three"));
    assertThat(asOf(2).trigger()).isEqualTo(ChangeTrigger.DEPLOY);
    assertThat(asOf(2).successful()).isTrue();
    assertThat(asOf(1).configs()).hasSize(1);
    assertThat(asOf(2).configs()).isEmpty();
  }

  @Test
  void aDeletedResourceIsAbsentAndOneCreatedLaterIsNotThereYet() {
    change(1, ChangeTrigger.DEPLOY, true, cm("a"), cm("b"));
    applied(1, true, configMap("a", "one"));
    applied(1, true, configMap("b", "one"));
    change(2, ChangeTrigger.DEPLOY, true, cm("a"));
    publish(
        Planner.resourceId(APP, ResourceKey.parseId(cm("b"))),
        new ResourceDeleted(
            Planner.resourceId(APP, ResourceKey.parseId(cm("b"))),
            APP,
            ChangeIds.of(APP, 2),
            new ResourceRef("v1", "ConfigMap", "default", "b"),
            T0.plusSeconds(21),
            false));
    change(3, ChangeTrigger.DEPLOY, true, cm("a"), cm("c"));
    applied(3, true, configMap("c", "three"));
    // A reconcile's set may still list an object the app lost: it is not desired.
    change(4, ChangeTrigger.RECONCILE, true, cm("a"), cm("b"), cm("c"));

    assertThat(values(asOf(1))).containsOnlyKeys("a", "b");
    assertThat(values(asOf(2))).containsOnlyKeys("a");
    assertThat(values(asOf(3))).containsOnlyKeys("a", "c");
    assertThat(values(asOf(4))).containsOnlyKeys("a", "c");
  }

  @Test
  void anObjectTakenOverByAnotherAppAfterTheChangeIsStillItsDesiredObject() {
    change(1, ChangeTrigger.DEPLOY, true, cm("a"));
    applied(1, true, configMap("a", "one"));
    var resourceId = Planner.resourceId(APP, ResourceKey.parseId(cm("a")));
    publish(
        resourceId,
        new ResourceDisowned(
            resourceId,
            APP,
            "other-change-000009",
            new ResourceRef("v1", "ConfigMap", "default", "a"),
            "default/other",
            T0.plusSeconds(100)));
    change(20, ChangeTrigger.RECONCILE, true, cm("a"));

    assertThat(values(asOf(1))).containsExactly(Map.entry("a", "one"));
    assertThat(values(asOf(20))).isEmpty();
  }

  @Test
  void aVersionedResourceComesBackUnderItsOwnNameWithItsReferences() {
    var version1 =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: conf-ver-1\n  namespace: default\n"
            + "  annotations:\n    kapp.k14s.io/versioned: \"\"\ndata:\n  v: one\n";
    var version2 = version1.replace("conf-ver-1", "conf-ver-2").replace("v: one", "v: two");
    var web =
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: default\n"
            + "spec:\n  template:\n    spec:\n      volumes:\n      - name: conf\n"
            + "        configMap:\n          name: conf-ver-1\n";
    change(1, ChangeTrigger.DEPLOY, true, cm("conf-ver-1"), "apps/Deployment/default/web");
    applied(1, true, version1);
    applied(1, true, web);
    change(
        2,
        ChangeTrigger.DEPLOY,
        true,
        cm("conf-ver-1"),
        cm("conf-ver-2"),
        "apps/Deployment/default/web");
    applied(2, true, version2);
    applied(2, false, web.replace("conf-ver-1", "conf-ver-2"));

    var one = asOf(1);
    var two = asOf(2);

    assertThat(values(one)).containsOnlyKeys("conf", "web").containsEntry("conf", "one");
    assertThat(values(two)).containsEntry("conf", "two");
    for (var desired : List.of(one, two)) {
      var deployment =
          desired.resources().stream().filter(r -> r.key().kind().equals("Deployment")).findFirst();
      assertThat(
              deployment
                  .orElseThrow()
                  .object()
                  .at("/spec/template/spec/volumes/0/configMap/name")
                  .asText())
          .isEqualTo("conf");
    }
  }

  @Test
  void aSecretComesBackWithItsValuesFromItsSealAndDriftlessLabelsComeOff() {
    var secret =
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\n  namespace: default\n"
            + "  labels:\n    team: a\n    driftless.io/app: shop.default\n"
            + "data:\n  password: "
            + Base64.getEncoder().encodeToString("canary".getBytes())
            + "\n";
    change(1, ChangeTrigger.DEPLOY, true, "core/Secret/default/creds");
    applied(1, true, secret);

    var desired = asOf(1);

    assertThat(desired.unrecoverable()).isEmpty();
    var object = desired.resources().get(0).object();
    assertThat(object.at("/data/password").asText())
        .isEqualTo(Base64.getEncoder().encodeToString("canary".getBytes()));
    assertThat(object.at("/metadata/labels").toString()).isEqualTo("{\"team\":\"a\"}");
  }

  @Test
  void aSecretSealedWithAKeyNoLongerConfiguredIsNamedUnrecoverable() {
    change(1, ChangeTrigger.DEPLOY, true, "core/Secret/default/creds", cm("a"));
    applied(
        1,
        true,
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\n  namespace: default\n"
            + "stringData:\n  password: canary\n");
    applied(1, true, configMap("a", "one"));
    var rotated = new DesiredAsOf(store, new SecretVault(SecretKeys.of(newKey(), List.of())));

    var desired = rotated.of(APP, ChangeIds.of(APP, 1)).orElseThrow();

    assertThat(desired.unrecoverable())
        .containsExactly(new ResourceKey("", "Secret", "default", "creds"));
    assertThat(desired.resources()).extracting(r -> r.key().name()).containsExactly("a");
  }

  @Test
  void aFailedChangeIsFoundAsFailedAndALockRowHasNoSet() {
    change(1, ChangeTrigger.DEPLOY, true, cm("a"));
    applied(1, true, configMap("a", "one"));
    change(2, ChangeTrigger.DEPLOY, false, cm("a"), cm("b"));
    publish(APP, new AppLocked(APP, ChangeIds.of(APP, 3), 3, "freeze", Provenance.unknown(), T0));

    var failed = asOf(2);
    var lock = asOf(3);

    assertThat(failed.successful()).isFalse();
    assertThat(values(failed)).containsOnlyKeys("a");
    assertThat(lock.trigger()).isEqualTo(ChangeTrigger.LOCK);
    assertThat(lock.resources()).isEmpty();
    assertThat(desiredAsOf.of(APP, ChangeIds.of(APP, 4))).isEmpty();
    assertThat(desiredAsOf.of("default/nobody", ChangeIds.of("default/nobody", 1))).isEmpty();
  }

  private static String newKey() {
    var key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }
}
