package io.driftless.diff.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.driftless.diff.Fixtures;
import io.driftless.diff.resources.ManifestException.Reason;
import org.junit.jupiter.api.Test;

class ManifestParserRejectionTest {

  private final ManifestParser parser = new ManifestParser(ManifestLimits.defaults());

  private ManifestException refused(String body, ManifestFormat format) {
    try {
      parser.parse(body, format, "default");
    } catch (ManifestException e) {
      return e;
    }
    return fail("The body was accepted:%n%s", body);
  }

  private ManifestException refused(String body) {
    return refused(body, ManifestFormat.YAML);
  }

  @Test
  void refusesTextThatIsNotYaml() {
    var error = refused("apiVersion: v1\nkind: ConfigMap\n---\nmetadata: [unclosed\n");

    assertThat(error.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(error.getMessage()).isEqualTo("The manifest is not valid YAML.");
    assertThat(error.details())
        .singleElement()
        .asString()
        .startsWith("document 2: ")
        .contains("line");
  }

  @Test
  void syntaxErrorsDoNotQuoteTheDocument() {
    var yaml = refused("apiVersion: v1\nkind: Secret\nstringData:\n  password: \"s3cr3t-value\n");
    var json =
        refused(
            "{\"resources\": [{\"kind\": \"Secret\", \"data\": {\"p\": s3cr3t}}]}",
            ManifestFormat.JSON);

    assertThat(yaml.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(json.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(String.join(" ", yaml.details()) + yaml.getMessage()).doesNotContain("s3cr3t");
    assertThat(String.join(" ", json.details()) + json.getMessage())
        .doesNotContain("s3cr3t")
        .contains("Unrecognized token", "line 1");
  }

  @Test
  void refusesDocumentsThatAreNotMaps() {
    var scalar = refused("apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\njust text\n");
    var list = refused("- apiVersion: v1\n  kind: Namespace\n");

    assertThat(scalar.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(scalar.details()).containsExactly("document 2: is a string, not a map");
    assertThat(list.details()).containsExactly("document 1: is an array, not a map");
  }

  @Test
  void refusesDuplicateMapKeys() {
    var error = refused("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\nkind: Secret\n");

    assertThat(error.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(error.details()).singleElement().asString().contains("duplicate key kind");
  }

  @Test
  void refusesTheBillionLaughs() {
    var error = refused(Fixtures.text("resources/billion-laughs.yaml"));

    assertThat(error.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(error.details()).singleElement().asString().contains("aliases");
  }

  @Test
  void refusesAliasesThatExpandBeyondTheBoundWithinTheAliasLimit() {
    var body = new StringBuilder("a0: &a0 [x, x]\n");
    for (int i = 1; i <= 20; i++) {
      body.append("a").append(i).append(": &a").append(i);
      body.append(" [*a").append(i - 1).append(", *a").append(i - 1).append("]\n");
    }

    var error = refused(body.toString());

    assertThat(error.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(error.details()).singleElement().asString().contains("expand to more than");
  }

  @Test
  void refusesInvalidJson() {
    var error = refused("{\"resources\": [", ManifestFormat.JSON);

    assertThat(error.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(error.getMessage()).isEqualTo("The manifest is not valid JSON.");
  }

  @Test
  void jsonProblemsAreWordedWithoutJacksonsSettingsOrClasses() {
    var head = "{\"resources\": [{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\", ";
    var bodies =
        new String[] {
          "{\"resources\": []} {}",
          head + "\"data\": {\"a\": NaN}}]}",
          head + "\"data\": {\"a\": +1}}]}",
          head + "/* note */ \"data\": {}}]}",
          head + "\"data\": {\"" + "k".repeat(60_000) + "\": \"v\"}}]}",
          head + "\"data\": {\"a\": " + "1".repeat(1_200) + "}}]}"
        };
    var expected =
        new String[] {
          "more than one JSON value in the body (line 1, column ",
          "NaN is not a JSON number (line 1, column ",
          "a JSON number cannot start with '+' (line 1, column ",
          "JSON has no comments (found '/') (line 1, column ",
          "a key has more than 50,000 characters",
          "a number has more than 1,000 digits"
        };

    for (int i = 0; i < bodies.length; i++) {
      var error = refused(bodies[i], ManifestFormat.JSON);

      assertThat(error.getMessage()).isEqualTo("The manifest is not valid JSON.");
      assertThat(error.details()).singleElement().asString().startsWith(expected[i]);
      assertThat(error.details().get(0)).doesNotContain("`", "Feature", "jackson", "Json");
    }
  }

  @Test
  void refusesYamlAndJsonNestedDeeperThanTheLimitInTheSameWords() {
    var limited = new ManifestParser(new ManifestLimits(10, 1_000_000, 5));
    var yaml = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: n}\nspec: ";
    var json =
        "{\"resources\": [{\"apiVersion\": \"v1\", \"kind\": \"ConfigMap\","
            + " \"metadata\": {\"name\": \"n\"}, \"spec\": ";

    var atLimit = limited.parse(yaml + "{a: {b: {c: {d: 1}}}}\n", ManifestFormat.YAML, "x");
    var jsonAtLimit = limited.parse(json + "{\"a\": {\"b\": 1}}}]}", ManifestFormat.JSON, "x");
    var yamlError = refusedBy(limited, yaml + "{a: {b: {c: {d: {e: 1}}}}}\n", ManifestFormat.YAML);
    var jsonError =
        refusedBy(limited, json + "{\"a\": {\"b\": {\"c\": 1}}}}]}", ManifestFormat.JSON);

    assertThat(atLimit.resources()).hasSize(1);
    assertThat(jsonAtLimit.resources()).hasSize(1);
    assertThat(yamlError.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(yamlError.getMessage())
        .isEqualTo("The manifest nests maps and lists deeper than 5 levels.")
        .isEqualTo(jsonError.getMessage());
    assertThat(yamlError.details()).containsExactly("document 1: nested more than 5 levels deep");
    assertThat(jsonError.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(jsonError.details())
        .singleElement()
        .asString()
        .isEqualTo("nested more than 5 levels deep");
  }

  private static ManifestException refusedBy(ManifestParser parser, String body, ManifestFormat f) {
    try {
      parser.parse(body, f, "x");
    } catch (ManifestException e) {
      return e;
    }
    return fail("The body was accepted:%n%s", body);
  }

  @Test
  void refusesJsonWithoutAResourcesArray() {
    var none = refused("{\"items\": []}", ManifestFormat.JSON);
    var notArray = refused("{\"resources\": {}}", ManifestFormat.JSON);
    var notObject = refused("[1, 2]", ManifestFormat.JSON);

    assertThat(none.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(notArray.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(notObject.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(none.getMessage()).contains("\"resources\" array");
  }

  @Test
  void refusesJsonItemsThatAreNotObjects() {
    var error = refused("{\"resources\": [\"text\"]}", ManifestFormat.JSON);

    assertThat(error.reason()).isEqualTo(Reason.UNPARSABLE);
    assertThat(error.details()).containsExactly("document 1: is a string, not a map");
  }

  @Test
  void refusesDuplicateKeysInJson() {
    var body = "{\"resources\": [{\"kind\": \"A\", \"kind\": \"B\"}]}";

    assertThat(refused(body, ManifestFormat.JSON).reason()).isEqualTo(Reason.UNPARSABLE);
  }

  @Test
  void namesEveryMissingField() {
    var error = refused(Fixtures.text("resources/missing-fields.yaml"));

    assertThat(error.reason()).isEqualTo(Reason.INVALID);
    assertThat(error.getMessage()).isEqualTo("The manifest has 6 problems.");
    assertThat(error.details())
        .containsExactly(
            "document 1: apiVersion is missing",
            "document 2: kind is missing",
            "document 3: metadata.name is missing",
            "document 4: metadata.name is missing",
            "document 5: metadata is not a map",
            "document 6: metadata.name must be a string");
  }

  @Test
  void refusesNamesThatAreNotDns1123Subdomains() {
    var error = refused("apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: Web_App}\n");

    assertThat(error.reason()).isEqualTo(Reason.INVALID);
    assertThat(error.details())
        .singleElement()
        .asString()
        .startsWith("document 1: metadata.name \"Web_App\" is not a valid Deployment name")
        .contains("DNS-1123 subdomain");
  }

  @Test
  void refusesServiceAndNamespaceNamesThatAreNotDns1123Labels() {
    var error = refused(Fixtures.text("resources/label-names.yaml"));

    assertThat(error.details())
        .hasSize(2)
        .allSatisfy(detail -> assertThat(detail).contains("DNS-1123 label"));
    assertThat(error.details().get(0)).startsWith("document 1: metadata.name \"web.v2\"");
    assertThat(error.details().get(1)).startsWith("document 3: metadata.name \"" + "n".repeat(64));
  }

  @Test
  void refusesRbacNamesThatAreNotPathSegments() {
    var error = refused(Fixtures.text("resources/bad-rbac-names.yaml"));

    assertThat(error.details())
        .containsExactly(
            "document 1: metadata.name \"team/admin\" is not a valid Role name; it must be "
                + KubernetesNames.PATH_SEGMENT_RULE,
            "document 2: metadata.name \"..\" is not a valid ClusterRoleBinding name; it must be "
                + KubernetesNames.PATH_SEGMENT_RULE);
  }

  @Test
  void refusesNamespacesThatAreNotDns1123Labels() {
    var error =
        refused("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a, namespace: Prod.EU}\n");

    assertThat(error.reason()).isEqualTo(Reason.INVALID);
    assertThat(error.details())
        .singleElement()
        .asString()
        .startsWith("document 1: metadata.namespace \"Prod.EU\" is not a valid namespace name");
  }

  @Test
  void refusesTwoDifferentDocumentsWithTheSameKeyAndCountsIdenticalOnesOnce() {
    var error = refused(Fixtures.text("resources/duplicate-keys.yaml"));

    // kapp's UniqueResources: the ConfigMap c is declared 3 times, identical once its namespace is
    // placed, so it counts once; the Deployment x differs (apps/v1 and apps/v1beta2).
    assertThat(error.reason()).isEqualTo(Reason.INVALID);
    assertThat(error.details())
        .containsExactly(
            "apps/Deployment/default/x: declared twice with different content (documents 1 and"
                + " 4)");
  }

  @Test
  void collectsAllProblemsOfAllDocuments() {
    var error = refused(Fixtures.text("resources/many-problems.yaml"));

    assertThat(error.details())
        .hasSize(4)
        .anySatisfy(d -> assertThat(d).startsWith("document 1: kind is missing"))
        .anySatisfy(d -> assertThat(d).startsWith("document 2: metadata.name \"UPPER\""))
        .anySatisfy(d -> assertThat(d).startsWith("document 3: metadata.namespace \"-bad\""))
        .anySatisfy(
            d ->
                assertThat(d)
                    .startsWith("core/ConfigMap/default/same: declared twice with different"));
  }

  @Test
  void refusesNamespacedResourcesWithoutNamespaceWhenNoDefaultIsGiven() {
    try {
      parser.parse(
          "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n", ManifestFormat.YAML, null);
      fail("accepted");
    } catch (ManifestException e) {
      assertThat(e.reason()).isEqualTo(Reason.INVALID);
      assertThat(e.details())
          .containsExactly(
              "document 1: metadata.namespace is missing and no default namespace is set");
    }
  }

  @Test
  void refusesMoreResourcesThanTheLimitNotCountingKappConfigs() {
    var limited = new ManifestParser(new ManifestLimits(2));
    String config = "apiVersion: kapp.k14s.io/v1alpha1\nkind: Config\n---\n";
    String map = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c%d}\n---\n";

    var two = limited.parse(config + map.formatted(1) + map.formatted(2), ManifestFormat.YAML, "d");
    ManifestException error = null;
    try {
      limited.parse(
          map.formatted(1) + map.formatted(2) + map.formatted(3), ManifestFormat.YAML, "d");
    } catch (ManifestException e) {
      error = e;
    }

    assertThat(two.resources()).hasSize(2);
    assertThat(error).isNotNull();
    assertThat(error.reason()).isEqualTo(Reason.TOO_MANY_RESOURCES);
    assertThat(error.getMessage())
        .isEqualTo("The manifest holds 3 resources, more than the limit of 2.");
  }
}
