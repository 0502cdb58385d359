package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.driftless.sandbox.objects.Nodes;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Bodies a {@code kubectl}-style edit can make invalid, sent raw as a client would: a real API
 * server answers them 4xx (422 Invalid naming the field, or 400), never 500, and stores nothing.
 */
class MalformedWriteIT {

  private static final String CRDS = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";
  private static final String CRD = CRDS + "/widgets.example.com";
  private static final String DEPLOYMENTS = "/apis/apps/v1/namespaces/default/deployments";

  private static final String WIDGETS =
      """
      {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
       "metadata": {"name": "widgets.example.com"},
       "spec": {"group": "example.com", "scope": "Namespaced",
                "names": {"kind": "Widget", "plural": "widgets"},
                "versions": [{"name": "v1", "served": true, "storage": true,
                              "schema": {"openAPIV3Schema": {"type": "object"}}}]}}
      """;

  private static final String WEB =
      """
      {"apiVersion": "apps/v1", "kind": "Deployment",
       "metadata": {"name": "web", "namespace": "default"},
       "spec": {"selector": {"matchLabels": {"app": "web"}},
                "template": {"metadata": {"labels": {"app": "web"}},
                             "spec": {"containers": [{"name": "web", "image": "nginx:1.27"}]}}}}
      """;

  @TempDir Path dir;

  private SandboxFixture cluster;

  @BeforeEach
  void start() {
    cluster = SandboxFixture.start(dir, Set.of());
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void aMergePatchTurningACrdSpecIntoAStringIsInvalidAndStoresNothing() throws Exception {
    cluster.send("POST", CRDS, "application/json", WIDGETS);
    var before = cluster.stored(CRD);

    var answer = cluster.send("PATCH", CRD, "application/merge-patch+json", "{\"spec\":\"fuzz\"}");

    assertThat(answer.statusCode()).isEqualTo(422);
    var status = Nodes.MAPPER.readTree(answer.body());
    assertThat(status.path("reason").asText()).isEqualTo("Invalid");
    assertThat(status.path("message").asText())
        .startsWith(
            "CustomResourceDefinition.apiextensions.k8s.io \"widgets.example.com\" is invalid");
    assertThat(status.at("/details/causes").findValuesAsText("field"))
        .contains("spec.group", "spec.names.kind", "spec.names.plural", "spec.scope");
    assertThat(cluster.stored(CRD)).isEqualTo(before);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "no group|spec.group|{\"spec\":{\"group\":null}}",
        "no kind|spec.names.kind|{\"spec\":{\"names\":{\"kind\":null}}}",
        "no plural|spec.names.plural|{\"spec\":{\"names\":{\"plural\":\"\"}}}",
        "names a string|spec.names.kind|{\"spec\":{\"names\":\"fuzz\"}}",
        "a bad scope|spec.scope|{\"spec\":{\"scope\":\"Galaxy\"}}",
        "no versions|spec.versions|{\"spec\":{\"versions\":null}}",
        "a version without name|spec.versions[|{\"spec\":{\"versions\":[{\"served\":true}]}}",
        "versions a string|spec.versions|{\"spec\":{\"versions\":\"fuzz\"}}"
      })
  void aCrdMergePatchLeavingNoValidDefinitionIsInvalid(String what, String field, String patch)
      throws Exception {
    cluster.send("POST", CRDS, "application/json", WIDGETS);
    var before = cluster.stored(CRD);

    var answer = cluster.send("PATCH", CRD, "application/merge-patch+json", patch);

    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(422);
    assertThat(Nodes.MAPPER.readTree(answer.body()).at("/details/causes").findValuesAsText("field"))
        .anyMatch(cause -> cause.startsWith(field));
    assertThat(cluster.stored(CRD)).isEqualTo(before);
  }

  @Test
  void aJsonPatchRemovingACrdsNamesIsInvalid() throws Exception {
    cluster.send("POST", CRDS, "application/json", WIDGETS);

    var answer =
        cluster.send(
            "PATCH",
            CRD,
            "application/json-patch+json",
            "[{\"op\":\"remove\",\"path\":\"/spec/names\"}]");

    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(422);
  }

  @Test
  void creatingOrReplacingACrdWithoutASpecIsInvalidAndStoresNothing() throws Exception {
    var bare =
        "{\"apiVersion\":\"apiextensions.k8s.io/v1\",\"kind\":\"CustomResourceDefinition\","
            + "\"metadata\":{\"name\":\"widgets.example.com\"},\"spec\":\"fuzz\"}";

    assertThat(cluster.send("POST", CRDS, "application/json", bare).statusCode()).isEqualTo(422);
    assertThat(cluster.send("GET", CRD, null, null).statusCode()).isEqualTo(404);

    cluster.send("POST", CRDS, "application/json", WIDGETS);
    assertThat(cluster.send("PUT", CRD, "application/json", bare).statusCode()).isEqualTo(422);
    assertThat(cluster.stored(CRD).at("/spec/names/kind").asText()).isEqualTo("Widget");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "spec a string|{\"spec\":\"fuzz\"}",
        "replicas a string|{\"spec\":{\"replicas\":\"many\"}}",
        "template a number|{\"spec\":{\"template\":7}}",
        "containers a map|{\"spec\":{\"template\":{\"spec\":{\"containers\":{\"a\":1}}}}}",
        "metadata a string|{\"metadata\":\"fuzz\"}",
        "labels a list|{\"metadata\":{\"labels\":[1,2]}}",
        "strategy a list|{\"spec\":{\"strategy\":[\"Recreate\"]}}",
        "not an object|[1,2,3]",
        "not json|{spec: fuzz"
      })
  void aMalformedDeploymentPatchIsAnsweredBelow500(String what, String patch) throws Exception {
    cluster.send("POST", DEPLOYMENTS, "application/json", WEB);
    var before = cluster.stored(DEPLOYMENTS + "/web");

    var answer = cluster.send("PATCH", DEPLOYMENTS + "/web", "application/merge-patch+json", patch);

    assertThat(answer.statusCode()).as(answer.body()).isBetween(200, 499);
    if (answer.statusCode() >= 400) {
      assertThat(cluster.stored(DEPLOYMENTS + "/web")).isEqualTo(before);
    }
  }
}
