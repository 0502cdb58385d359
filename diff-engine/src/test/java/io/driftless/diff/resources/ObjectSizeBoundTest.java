package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.ManifestException.Reason;
import java.util.ArrayList;
import org.junit.jupiter.api.Test;

/**
 * The lower bound read from SnakeYAML's events ({@link ObjectSizeBound}): it refuses before the
 * document is composed, and never refuses an object the exact measure ({@link ObjectSizes})
 * accepts.
 */
class ObjectSizeBoundTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String CONFIG_MAP =
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: keys\ndata:\n";

  private static ManifestException refused(long maxBytes, String body) {
    try {
      new ManifestParser(new ManifestLimits(100, maxBytes)).parse(body, ManifestFormat.YAML, "ns");
    } catch (ManifestException e) {
      return e;
    }
    throw new AssertionError("accepted");
  }

  private static String manyKeys(int count) {
    var yaml = new StringBuilder(CONFIG_MAP);
    for (int i = 0; i < count; i++) {
      yaml.append("  key-").append(i).append(": value\n");
    }
    return yaml.toString();
  }

  /** The largest resource of the body as compact JSON, as the exact measure counts it. */
  private static long largest(String body) throws Exception {
    long max = 0;
    for (Resource resource : ManifestParser.parseYaml(body, "ns").resources()) {
      max = Math.max(max, JSON.writeValueAsBytes(resource.object()).length);
    }
    return max;
  }

  @Test
  void refusesADocumentOfManySmallKeysBeforeComposingIt() {
    // The alias at the end is undefined: only composing the document finds that out, so a refusal
    // for size shows the document was never composed.
    var body = manyKeys(200) + "  last: *undefined\n";

    var error = refused(1_000, body);

    assertThat(error.reason()).isEqualTo(Reason.OBJECT_TOO_LARGE);
    assertThat(error.getMessage())
        .matches(
            "ConfigMap keys \\(namespace ns\\) is at least 1,0\\d\\d bytes as JSON, more than the"
                + " 1,000 bytes a Kubernetes API server accepts for one object\\.");
    assertThat(error.details())
        .singleElement()
        .asString()
        .matches("ConfigMap keys \\(namespace ns\\): at least 1,0\\d\\d bytes");
  }

  @Test
  void aLargeDocumentAfterSmallOnesTheScanLeavesOutIsStillRefusedAndNamed() {
    // issue 31: documents whose bound cannot pass the limit are not read; the one that can is
    var small = new StringBuilder();
    for (int i = 0; i < 20; i++) {
      small.append("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: small-").append(i);
      small.append("\ndata:\n  verbs: '*'\n---\n");
    }
    var body = small + manyKeys(200) + "  last: *undefined\n";

    var error = refused(1_000, body);

    assertThat(error.reason()).isEqualTo(Reason.OBJECT_TOO_LARGE);
    assertThat(error.getMessage()).startsWith("ConfigMap keys (namespace ns) is at least 1,0");
  }

  @Test
  void aShortDocumentThatAliasesALongStringIsReadByTheScan() {
    // 420 characters, but 40 aliases of a 200-character string: over 8,000 bytes as JSON
    var body =
        CONFIG_MAP
            + "  a: &v "
            + "x".repeat(200)
            + "\n  b: ["
            + "*v, ".repeat(39)
            + "*v]\n  last: *undefined\n";

    var error = refused(5_000, body);

    assertThat(body).hasSizeLessThan(5_000 / 4);
    assertThat(error.reason()).isEqualTo(Reason.OBJECT_TOO_LARGE);
    assertThat(error.getMessage()).startsWith("ConfigMap keys (namespace ns) is at least ");
  }

  @Test
  void anObjectUnderTheBoundIsMeasuredExactlyAsBefore() {
    // A number counts one byte in the bound, so a list of long numbers stays under it.
    var body =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: keys\nspec:\n"
            + "  - 123456789\n".repeat(100);

    var error = refused(1_000, body);

    assertThat(error.getMessage())
        .matches(
            "ConfigMap keys \\(namespace ns\\) is 1,\\d{3} bytes as JSON, more than the 1,000 bytes"
                + " a Kubernetes API server accepts for one object\\.");
  }

  @Test
  void neverRefusesAnObjectOfExactlyTheLimit() throws Exception {
    var bodies = new ArrayList<String>();
    for (String document : Fixtures.text("resources/size-bound-edge-cases.yaml").split("---\n")) {
      bodies.add(document);
    }
    bodies.add(manyKeys(300));
    bodies.add(Fixtures.text("manifests/cert-manager-v1.6.1.yml"));

    for (String body : bodies) {
      long exact = largest(body);

      assertThatCode(
              () ->
                  new ManifestParser(new ManifestLimits(5_000, exact))
                      .parse(body, ManifestFormat.YAML, "ns"))
          .as("limit %d for %s", exact, body.substring(0, Math.min(120, body.length())))
          .doesNotThrowAnyException();
    }
  }

  @Test
  void aListIsMeasuredByItsItemsAndAKappConfigNotAtAll() {
    var items = new StringBuilder("apiVersion: v1\nkind: List\nitems:\n");
    for (int i = 0; i < 10; i++) {
      items.append("- {apiVersion: v1, kind: ConfigMap, metadata: {name: c").append(i);
      items.append("}, data: {k: ").append("v".repeat(200)).append("}}\n");
    }
    var config =
        "apiVersion: kapp.k14s.io/v1alpha1\nkind: Config\nrebaseRules:\n"
            + "- {path: [data, x], type: copy, sources: [new, existing], resourceMatchers: []}\n"
                .repeat(20);

    assertThatCode(
            () ->
                new ManifestParser(new ManifestLimits(100, 400))
                    .parse(items + "---\n" + config, ManifestFormat.YAML, "ns"))
        .doesNotThrowAnyException();
  }

  @Test
  void namesTheResourceWhenItsNameComesAfterTheData() {
    var body =
        "aggregationRule:\n"
            + manyKeys(100).substring(CONFIG_MAP.length())
            + "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\n"
            + "metadata: {name: late, namespace: ignored}\n";

    var error = refused(1_000, body);

    assertThat(error.details())
        .singleElement()
        .asString()
        .matches("ClusterRole late \\(cluster-scoped\\): at least 1,\\d{3} bytes");
  }

  @Test
  void leavesProblemsOfTheNameToTheParser() {
    var unnamed = manyKeys(200).replace("  name: keys\n", "  labels: {a: b}\n");
    var invalid = manyKeys(200).replace("name: keys", "name: Not_Valid");

    assertThat(refused(1_000, unnamed).reason()).isEqualTo(Reason.INVALID);
    assertThat(refused(1_000, invalid).reason()).isEqualTo(Reason.INVALID);
  }

  @Test
  void leavesACustomKindToTheExactMeasureWhenTheBodyDeclaresCrds() {
    var crd =
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\n"
            + "metadata: {name: widgets.example.com}\nspec:\n  group: example.com\n"
            + "  names: {kind: Widget, plural: widgets}\n  scope: Cluster\n"
            + "  versions: [{name: v1, served: true, storage: true}]\n---\n";
    var widget =
        manyKeys(200)
            .replace("apiVersion: v1\nkind: ConfigMap", "apiVersion: example.com/v1\nkind: Widget");

    var error = refused(2_000, crd + widget);

    assertThat(error.getMessage())
        .matches("Widget keys \\(cluster-scoped\\) is \\d,\\d{3} bytes as JSON, more than .*");
  }
}
