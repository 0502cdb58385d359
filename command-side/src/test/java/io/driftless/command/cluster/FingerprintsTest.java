package io.driftless.command.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The rule of what asks for a reconcile (issue 12 point 4): generation, labels, annotations (not
 * those controllers write), the uid and, for kinds without a generation, the content; never status,
 * resourceVersion, managedFields or timestamps.
 */
class FingerprintsTest {

  private static final String DEPLOYMENT =
      """
      {"apiVersion":"apps/v1","kind":"Deployment",
       "metadata":{"name":"web","namespace":"default","uid":"u-1","generation":3,
         "resourceVersion":"10","creationTimestamp":"2026-11-23T10:00:00Z",
         "labels":{"driftless.io/app":"web.default","tier":"front"},
         "annotations":{"driftless.io/app-id":"default/web","note":"a"},
         "managedFields":[{"manager":"x"}]},
       "spec":{"replicas":2},
       "status":{"observedGeneration":3,"readyReplicas":2}}
      """;

  private static final String CONFIG_MAP =
      """
      {"apiVersion":"v1","kind":"ConfigMap",
       "metadata":{"name":"cfg","namespace":"default","uid":"u-2","resourceVersion":"11",
         "labels":{"driftless.io/app":"web.default"},
         "annotations":{"driftless.io/app-id":"default/web"}},
       "data":{"a":"b"}}
      """;

  private final Fingerprints fingerprints = new Fingerprints();

  private static GenericKubernetesResource object(String json) {
    return Serialization.unmarshal(json, GenericKubernetesResource.class);
  }

  private boolean triggers(String json, Consumer<GenericKubernetesResource> edit) {
    var before = object(json);
    var after = object(json);
    edit.accept(after);
    return Fingerprint.triggers(
        fingerprints.of(before, Fingerprints.appId(before)),
        fingerprints.of(after, Fingerprints.appId(after)));
  }

  @SuppressWarnings("unchecked")
  private static java.util.Map<String, Object> map(GenericKubernetesResource object, String key) {
    return (java.util.Map<String, Object>) object.getAdditionalProperties().get(key);
  }

  @Test
  void statusOnlyUpdatesNeverTrigger() {
    assertThat(triggers(DEPLOYMENT, d -> map(d, "status").put("readyReplicas", 0))).isFalse();
    assertThat(triggers(DEPLOYMENT, d -> d.getAdditionalProperties().remove("status"))).isFalse();
  }

  @Test
  void resourceVersionManagedFieldsAndTimestampsNeverTrigger() {
    assertThat(triggers(DEPLOYMENT, d -> d.getMetadata().setResourceVersion("99"))).isFalse();
    assertThat(triggers(DEPLOYMENT, d -> d.getMetadata().setManagedFields(null))).isFalse();
    assertThat(triggers(DEPLOYMENT, d -> d.getMetadata().setCreationTimestamp("x"))).isFalse();
  }

  @Test
  void generationTriggers() {
    assertThat(triggers(DEPLOYMENT, d -> d.getMetadata().setGeneration(4L))).isTrue();
  }

  @Test
  void specWithoutANewGenerationDoesNotTriggerForKindsThatHaveOne() {
    // The API server bumps the generation with every spec change; the spec itself is not hashed.
    assertThat(triggers(DEPLOYMENT, d -> map(d, "spec").put("replicas", 5))).isFalse();
  }

  @Test
  void labelsAndAnnotationsTrigger() {
    assertThat(triggers(DEPLOYMENT, d -> d.getMetadata().getLabels().put("tier", "back"))).isTrue();
    assertThat(triggers(DEPLOYMENT, d -> d.getMetadata().getLabels().remove("tier"))).isTrue();
    assertThat(triggers(DEPLOYMENT, d -> d.getMetadata().getAnnotations().put("note", "b")))
        .isTrue();
    assertThat(triggers(DEPLOYMENT, d -> d.getMetadata().getAnnotations().put("new", ""))).isTrue();
  }

  @Test
  void annotationsTheControllersWriteDoNotTrigger() {
    assertThat(
            triggers(
                DEPLOYMENT,
                d ->
                    d.getMetadata().getAnnotations().put("deployment.kubernetes.io/revision", "2")))
        .isFalse();
    assertThat(
            triggers(
                DEPLOYMENT,
                d ->
                    d.getMetadata()
                        .getAnnotations()
                        .put("autoscaling.alpha.kubernetes.io/conditions", "[]")))
        .isFalse();
  }

  @Test
  void aRecreatedObjectTriggers() {
    assertThat(triggers(DEPLOYMENT, d -> d.getMetadata().setUid("u-9"))).isTrue();
  }

  @Test
  void contentOfKindsWithoutGenerationTriggers() {
    assertThat(triggers(CONFIG_MAP, c -> map(c, "data").put("a", "c"))).isTrue();
    assertThat(triggers(CONFIG_MAP, c -> c.getMetadata().setResourceVersion("12"))).isFalse();
  }

  @Test
  void aFirstSightingNeverTriggers() {
    var object = object(DEPLOYMENT);
    assertThat(Fingerprint.triggers(null, fingerprints.of(object, "default/web"))).isFalse();
  }

  @Test
  void sameObjectSameFingerprintAndTheOwnerIsTheAppIdAnnotation() {
    var a = fingerprints.of(object(DEPLOYMENT), "default/web");
    var b = fingerprints.of(object(DEPLOYMENT), "default/web");
    assertThat(a).isEqualTo(b);
    assertThat(Fingerprints.appId(object(DEPLOYMENT))).isEqualTo("default/web");
    assertThat(a.generation()).isEqualTo(3);
  }

  @Test
  void anotherProcessHashesDifferently() {
    var other = new Fingerprints();
    assertThat(other.of(object(CONFIG_MAP), "default/web").hash())
        .isNotEqualTo(fingerprints.of(object(CONFIG_MAP), "default/web").hash());
  }
}
