package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.driftless.diff.resources.ManifestException.Reason;
import org.junit.jupiter.api.Test;

class ObjectSizeLimitTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private static String configMap(String name, String value) {
    return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: "
        + name
        + "\ndata:\n  value: \""
        + value
        + "\"\n";
  }

  private static long jsonBytes(Manifest manifest) throws Exception {
    return JSON.writeValueAsBytes(manifest.resources().get(0).object()).length;
  }

  private static ManifestException refused(ManifestParser parser, String body) {
    try {
      parser.parse(body, ManifestFormat.YAML, "default");
    } catch (ManifestException e) {
      return e;
    }
    throw new AssertionError("accepted");
  }

  @Test
  void defaultLimitIsTheApiServersRequestLimit() {
    assertThat(ManifestLimits.defaults().maxObjectBytes()).isEqualTo(1_572_864L);
    assertThat(new ManifestLimits(10).maxObjectBytes()).isEqualTo(1_572_864L);
  }

  @Test
  void acceptsAnObjectOfExactlyTheLimitAndRefusesOneByteMore() throws Exception {
    var overhead = jsonBytes(ManifestParser.parseYaml(configMap("edge", ""), "default"));
    var parser = new ManifestParser(new ManifestLimits(10, 1_000));
    var atLimit = configMap("edge", "x".repeat((int) (1_000 - overhead)));

    var accepted = parser.parse(atLimit, ManifestFormat.YAML, "default");
    var error = refused(parser, atLimit.replace("\"\n", "y\"\n"));

    assertThat(jsonBytes(accepted)).isEqualTo(1_000);
    assertThat(error.reason()).isEqualTo(Reason.OBJECT_TOO_LARGE);
    assertThat(error.getMessage())
        .isEqualTo(
            "ConfigMap edge (namespace default) is 1,001 bytes as JSON, more than the 1,000 bytes"
                + " a Kubernetes API server accepts for one object.");
    assertThat(error.details()).containsExactly("ConfigMap edge (namespace default): 1,001 bytes");
  }

  @Test
  void refusesAFiveMebibyteConfigMapValueBeforeReadingItWithoutQuotingIt() {
    var parser = new ManifestParser(ManifestLimits.defaults());
    var value = "s3cr3t".repeat(5 * 1024 * 1024 / 6);

    var error = refused(parser, configMap("small", "ok") + "---\n" + configMap("huge", value));

    assertThat(error.reason()).isEqualTo(Reason.OBJECT_TOO_LARGE);
    assertThat(error.getMessage())
        .isEqualTo(
            "ConfigMap huge (namespace default) has a line of 5,242,889 characters (document 2,"
                + " line 13): more than the 1,572,864 bytes a Kubernetes API server accepts for"
                + " one object.");
    assertThat(error.details())
        .containsExactly(
            "document 2, line 13: ConfigMap huge (namespace default): 5,242,889 characters");
    assertThat(error.getMessage() + error.details()).doesNotContain("s3cr3t");
  }

  @Test
  void refusesAnOversizedJsonObjectNamingIt() throws Exception {
    var value = "x".repeat(2_000_000);
    var body =
        "{\"resources\": [{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\","
            + " \"metadata\": {\"name\": \"huge\", \"namespace\": \"team-a\"},"
            + " \"data\": {\"v\": \""
            + value
            + "\"}}]}";

    try {
      new ManifestParser(ManifestLimits.defaults()).parse(body, ManifestFormat.JSON, "default");
      throw new AssertionError("accepted");
    } catch (ManifestException e) {
      assertThat(e.reason()).isEqualTo(Reason.OBJECT_TOO_LARGE);
      assertThat(e.details()).containsExactly("ConfigMap huge (namespace team-a): 2,000,102 bytes");
    }
  }

  @Test
  void longLinesAreCountedPerDocumentAsYamlNumbersThem() {
    var parser = new ManifestParser(new ManifestLimits(10, 200));
    var body =
        "# leading comment\n---\n"
            + configMap("first", "a")
            + "---\n"
            + "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n"
            + "  name: wide\n  namespace: ignored\n  annotations:\n    note: "
            + "n".repeat(201)
            + "\n";

    var error = refused(parser, body);

    assertThat(error.details())
        .containsExactly("document 2, line 16: ClusterRole wide (cluster-scoped): 211 characters");
  }

  @Test
  void aLongLineThatLeavesNoResourceIsNamedByItsDocumentAndLine() {
    var parser = new ManifestParser(new ManifestLimits(10, 100));

    var comment = refused(parser, configMap("ok", "a") + "---\n# " + "c".repeat(120) + "\n");
    var flow =
        refused(parser, "{apiVersion: v1, kind: ConfigMap, data: {" + "k: v, ".repeat(30) + "}}\n");

    assertThat(comment.getMessage())
        .isEqualTo(
            "The manifest has a line of 122 characters (document 2, line 8): more than the 100"
                + " bytes a Kubernetes API server accepts for one object.");
    assertThat(flow.details()).containsExactly("document 1, line 1: 223 characters");
  }

  @Test
  void acceptsAnObjectJustUnderTheDefaultLimit() throws Exception {
    // Many short lines: SnakeYAML reads those in linear time (one long line would take seconds).
    var body =
        new StringBuilder("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: large\ndata:\n");
    for (int i = 0; i < 1_550; i++) {
      body.append(String.format("  key%04d: %s\n", i, "x".repeat(1_000)));
    }

    var manifest =
        new ManifestParser(ManifestLimits.defaults())
            .parse(body.toString(), ManifestFormat.YAML, "default");

    assertThat(jsonBytes(manifest)).isBetween(1_560_000L, 1_572_864L);
  }

  @Test
  void countsUtf8BytesNotCharacters() {
    var parser = new ManifestParser(new ManifestLimits(10, 1_000));

    var error = refused(parser, configMap("accents", "é".repeat(500)));

    assertThat(error.details()).singleElement().asString().matches(".*: 1,[0-9]{3} bytes");
  }

  @Test
  void namesEveryOversizedObjectWithItsScope() {
    // Numbers count one byte in the lower bound read from the YAML events (ObjectSizeBound), so
    // these objects reach the exact measure, which names every one.
    var parser = new ManifestParser(new ManifestLimits(10, 300));
    var items = "\n" + "- 12345\n".repeat(60);
    var wide = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\nspec:" + items;
    var role =
        "apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: reader\n"
            + "rules:"
            + items;

    var error = refused(parser, wide + "---\n" + configMap("b", "") + "---\n" + role);

    assertThat(error.getMessage())
        .isEqualTo(
            "2 resources are larger than the 300 bytes a Kubernetes API server accepts for one"
                + " object.");
    assertThat(error.details())
        .hasSize(2)
        .anySatisfy(d -> assertThat(d).startsWith("ConfigMap a (namespace default): "))
        .anySatisfy(d -> assertThat(d).startsWith("ClusterRole reader (cluster-scoped): "));
  }

  @Test
  void refusesALimitBelowOneByte() {
    assertThatThrownBy(() -> new ManifestLimits(10, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("maxObjectBytes");
  }
}
