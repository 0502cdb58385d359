package io.driftless.command.ownership;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ManifestException;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class AppLabelsTest {

  /** Kubernetes' label value syntax. */
  private static final Pattern LABEL_VALUE =
      Pattern.compile("(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?");

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LONG_APP = "a".repeat(40) + "-app";
  private static final String LONG_NAMESPACE = "n".repeat(60);

  private static ObjectNode object(String json) throws Exception {
    return (ObjectNode) JSON.readTree(json);
  }

  @Test
  void appLabelIsAppDotNamespaceWhenItFits() {
    assertThat(AppLabels.appLabel("default/simple-app")).isEqualTo("simple-app.default");
  }

  @Test
  void appLabelOfTheLongestReadableIdIsKept() {
    var app = "a".repeat(31);
    var namespace = "n".repeat(31);
    assertThat(AppLabels.appLabel(namespace + "/" + app)).isEqualTo(app + "." + namespace);
  }

  @Test
  void longAppLabelIsShortenedWithAHashAndStaysAValidLabelValue() {
    var label = AppLabels.appLabel(LONG_NAMESPACE + "/" + LONG_APP);

    assertThat(label).hasSize(63).matches(LABEL_VALUE).startsWith(LONG_APP + ".nnnn");
    assertThat(label).matches(".*_[0-9a-f]{12}");
  }

  @Test
  void shortenedLabelsOfAppsSharingAPrefixDiffer() {
    var one = AppLabels.appLabel(LONG_NAMESPACE + "-a/" + LONG_APP);
    var two = AppLabels.appLabel(LONG_NAMESPACE + "-b/" + LONG_APP);

    assertThat(one).isNotEqualTo(two);
    assertThat(one.substring(0, 50)).isEqualTo(two.substring(0, 50));
  }

  @Test
  void labelOfTheLongestNamesIsValid() {
    var label = AppLabels.appLabel("n".repeat(63) + "/" + "a".repeat(63));
    assertThat(label).hasSize(63).matches(LABEL_VALUE);
  }

  @Test
  void appLabelIsStable() {
    var id = LONG_NAMESPACE + "/" + LONG_APP;
    assertThat(AppLabels.appLabel(id)).isEqualTo(AppLabels.appLabel(id));
  }

  @Test
  void associationIsKappsV1Md5OfTheResourceKey() {
    var key = new ResourceKey("apps", "Deployment", "default", "simple-app");
    // md5 of "default/apps/Deployment/simple-app", as kapp computes kapp.k14s.io/association
    assertThat(AppLabels.associationLabel(key)).isEqualTo("v1.22a4cbb25c518f776737777e8407b8d9");
  }

  @Test
  void labelledCopyCarriesLabelsAndAnnotationAndLeavesTheOriginal() throws Exception {
    var original = object("{\"metadata\":{\"name\":\"x\",\"labels\":{\"tier\":\"web\"}}}");
    var key = new ResourceKey("", "ConfigMap", "default", "x");

    var labelled = AppLabels.labelled(original, "default/app", key);

    assertThat(labelled.at("/metadata/labels/driftless.io~1app").asText()).isEqualTo("app.default");
    assertThat(labelled.at("/metadata/labels/driftless.io~1association").asText())
        .isEqualTo(AppLabels.associationLabel(key));
    assertThat(labelled.at("/metadata/labels/tier").asText()).isEqualTo("web");
    assertThat(labelled.at("/metadata/annotations/driftless.io~1app-id").asText())
        .isEqualTo("default/app");
    assertThat(original.at("/metadata/labels").size()).isEqualTo(1);
  }

  @Test
  void strippingTakesOffOnlyDriftlessKeysAndEmptiedMaps() throws Exception {
    var key = new ResourceKey("", "ConfigMap", "default", "x");
    var plain = object("{\"metadata\":{\"name\":\"x\",\"labels\":{\"tier\":\"web\"}}}");
    var bare = object("{\"metadata\":{\"name\":\"x\"}}");

    assertThat(AppLabels.stripped(AppLabels.labelled(plain, "default/app", key))).isEqualTo(plain);
    assertThat(AppLabels.stripped(AppLabels.labelled(bare, "default/app", key))).isEqualTo(bare);
    assertThat(AppLabels.stripped(null)).isNull();
  }

  @Test
  void strippedLeavesItsArgumentAndStripTakesTheKeysOffItsOwn() throws Exception {
    var key = new ResourceKey("", "ConfigMap", "default", "x");
    var plain = object("{\"metadata\":{\"name\":\"x\",\"labels\":{\"tier\":\"web\"}}}");
    var labelled = AppLabels.labelled(plain, "default/app", key);
    var before = labelled.deepCopy();

    assertThat(AppLabels.stripped(labelled)).isEqualTo(plain).isNotSameAs(labelled);
    assertThat(labelled).isEqualTo(before);
    assertThat(AppLabels.strip(labelled)).isSameAs(labelled).isEqualTo(plain);
    assertThat(AppLabels.strip(null)).isNull();
  }

  @Test
  void ownerIsReadFromTheLabelAndTheMatchingAnnotation() throws Exception {
    var key = new ResourceKey("", "ConfigMap", "default", "x");
    var labelled = AppLabels.labelled(object("{}"), LONG_NAMESPACE + "/" + LONG_APP, key);

    var owner = AppLabels.ownerOf(labelled).orElseThrow();

    assertThat(owner.appId()).isEqualTo(LONG_NAMESPACE + "/" + LONG_APP);
    assertThat(owner.label()).isEqualTo(AppLabels.appLabel(owner.appId()));
  }

  @Test
  void ownerWithoutAMatchingAnnotationIsKnownByLabelOnly() throws Exception {
    var byHand =
        object(
            "{\"metadata\":{\"labels\":{\"driftless.io/app\":\"other.default\"},"
                + "\"annotations\":{\"driftless.io/app-id\":\"default/someone-else\"}}}");

    var owner = AppLabels.ownerOf(byHand).orElseThrow();

    assertThat(owner.label()).isEqualTo("other.default");
    assertThat(owner.appId()).isNull();
    assertThat(owner.description()).isEqualTo("label 'driftless.io/app=other.default'");
    assertThat(AppLabels.ownerOf(object("{\"metadata\":{}}"))).isEmpty();
  }

  @Test
  void manifestSettingDriftlessLabelsIsRefusedNamingEachOne() throws Exception {
    var mine =
        Resource.of(
            object(
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"x\","
                    + "\"namespace\":\"default\",\"labels\":{\"driftless.io/app\":\"x\","
                    + "\"app\":\"ok\"},\"annotations\":{\"driftless.io/app-id\":\"a/b\"}}}"));
    var fine =
        Resource.of(
            object(
                "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"y\","
                    + "\"labels\":{\"app.kubernetes.io/name\":\"y\"}}}"));

    assertThatThrownBy(() -> AppLabels.refuseReserved(List.of(mine, fine)))
        .isInstanceOfSatisfying(
            ManifestException.class,
            e ->
                assertThat(e.details())
                    .containsExactly(
                        "configmap/x (v1) namespace: default: label 'driftless.io/app' is"
                            + " reserved for Driftless",
                        "configmap/x (v1) namespace: default: annotation 'driftless.io/app-id'"
                            + " is reserved for Driftless"));
  }
}
