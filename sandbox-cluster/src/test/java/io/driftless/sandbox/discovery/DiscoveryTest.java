package io.driftless.sandbox.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.sandbox.objects.Nodes;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The discovery documents, as {@code kubectl} reads them (issue 28). */
class DiscoveryTest {

  private final List<JsonNode> crds = new ArrayList<>();
  private final Discovery discovery = new Discovery(() -> crds);

  @Test
  void versionAndHealthChecksAnswerAsA130Server() {
    assertThat(json("/version").path("gitVersion").asText()).isEqualTo("v1.30.0");
    assertThat(json("/version").path("minor").asText()).isEqualTo("30");
    for (var path : List.of("/healthz", "/livez", "/readyz?verbose")) {
      assertThat(get(path).getBody().readUtf8()).isEqualTo("ok");
    }
  }

  @Test
  void theCoreGroupIsUnderApiAndTheOthersUnderApis() {
    assertThat(json("/api").path("versions").toString()).isEqualTo("[\"v1\"]");
    var groups = names(json("/apis").path("groups"), "name");
    assertThat(groups)
        .startsWith("apiregistration.k8s.io", "apps")
        .contains("batch", "networking.k8s.io", "rbac.authorization.k8s.io", "policy")
        .contains("apiextensions.k8s.io", "storage.k8s.io", "admissionregistration.k8s.io")
        .contains("coordination.k8s.io", "autoscaling")
        .doesNotContain("");
  }

  @Test
  void aGroupPrefersItsNewestStableVersion() {
    var autoscaling = json("/apis/autoscaling");
    assertThat(autoscaling.path("kind").asText()).isEqualTo("APIGroup");
    assertThat(names(autoscaling.path("versions"), "version")).containsExactly("v2", "v1");
    assertThat(autoscaling.path("preferredVersion").path("groupVersion").asText())
        .isEqualTo("autoscaling/v2");
  }

  @Test
  void deploymentsAreListedWithTheirShortNameVerbsAndSubresources() {
    var apps = json("/apis/apps/v1");
    assertThat(apps.path("groupVersion").asText()).isEqualTo("apps/v1");
    var deployments = resource(apps, "deployments");
    assertThat(deployments.path("kind").asText()).isEqualTo("Deployment");
    assertThat(deployments.path("singularName").asText()).isEqualTo("deployment");
    assertThat(deployments.path("namespaced").asBoolean()).isTrue();
    assertThat(deployments.path("shortNames").toString()).isEqualTo("[\"deploy\"]");
    assertThat(deployments.path("categories").toString()).isEqualTo("[\"all\"]");
    assertThat(names(deployments.path("verbs")))
        .containsExactly(
            "create", "delete", "deletecollection", "get", "list", "patch", "update", "watch");
    var scale = resource(apps, "deployments/scale");
    assertThat(scale.path("kind").asText()).isEqualTo("Scale");
    assertThat(scale.path("group").asText() + "/" + scale.path("version").asText())
        .isEqualTo("autoscaling/v1");
    assertThat(names(resource(apps, "deployments/status").path("verbs")))
        .containsExactly("get", "patch", "update");
  }

  @Test
  void clusterScopedKindsAreNotNamespaced() {
    var core = json("/api/v1");
    assertThat(resource(core, "namespaces").path("namespaced").asBoolean()).isFalse();
    assertThat(resource(core, "configmaps").path("namespaced").asBoolean()).isTrue();
    assertThat(resource(core, "configmaps").path("shortNames").toString()).isEqualTo("[\"cm\"]");
    var crds = resource(json("/apis/apiextensions.k8s.io/v1"), "customresourcedefinitions");
    assertThat(crds.path("namespaced").asBoolean()).isFalse();
    assertThat(crds.path("shortNames").toString()).isEqualTo("[\"crd\",\"crds\"]");
  }

  @Test
  void aStoredCrdsKindIsListedUntilItIsDeleted() throws IOException {
    assertThat(get("/apis/example.com/v1").code()).isEqualTo(404);
    crds.add(Nodes.MAPPER.readTree(WIDGETS));

    assertThat(names(json("/apis").path("groups"), "name")).endsWith("example.com");
    assertThat(names(json("/apis/example.com").path("versions"), "version"))
        .containsExactly("v1", "v1beta1");
    var widgets = resource(json("/apis/example.com/v1"), "widgets");
    assertThat(widgets.path("kind").asText()).isEqualTo("Widget");
    assertThat(widgets.path("shortNames").toString()).isEqualTo("[\"wg\"]");
    assertThat(widgets.path("namespaced").asBoolean()).isFalse();
    assertThat(resource(json("/apis/example.com/v1"), "widgets/status").path("kind").asText())
        .isEqualTo("Widget");
    assertThat(get("/apis/example.com/v2alpha1").code()).isEqualTo(404); // not served

    crds.clear();
    assertThat(get("/apis/example.com/v1").code()).isEqualTo(404);
    assertThat(names(json("/apis").path("groups"), "name")).doesNotContain("example.com");
  }

  @Test
  void objectPathsAndWritesAreNotDiscovery() {
    assertThat(discovery.answer(request("GET", "/api/v1/namespaces/default/configmaps"))).isNull();
    assertThat(discovery.answer(request("GET", "/apis/apps/v1/deployments"))).isNull();
    assertThat(discovery.answer(request("POST", "/version")).code()).isEqualTo(405);
  }

  static final String WIDGETS =
      """
      {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
       "metadata": {"name": "widgets.example.com"},
       "spec": {"group": "example.com", "scope": "Cluster",
         "names": {"kind": "Widget", "plural": "widgets", "singular": "widget",
                   "shortNames": ["wg"]},
         "versions": [
           {"name": "v1beta1", "served": true, "storage": false},
           {"name": "v1", "served": true, "storage": true, "subresources": {"status": {}}},
           {"name": "v2alpha1", "served": false, "storage": false}]}}
      """;

  private static final String KUBECTL_ACCEPT =
      "application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
          + "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList,"
          + "application/json";

  @Test
  void aClientAskingForAggregatedDiscoveryGetsEveryGroupInOneAnswer() throws IOException {
    var apis = discovery.answer(request("GET", "/apis", "Accept", KUBECTL_ACCEPT));

    assertThat(apis.header("Content-Type"))
        .isEqualTo("application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList");
    var list = Nodes.MAPPER.readTree(apis.getBody().getBytes());
    assertThat(list.path("kind").asText()).isEqualTo("APIGroupDiscoveryList");
    assertThat(list.path("apiVersion").asText()).isEqualTo("apidiscovery.k8s.io/v2");
    var groups = new ArrayList<String>();
    list.path("items").forEach(item -> groups.add(item.path("metadata").path("name").asText()));
    assertThat(groups).startsWith("apiregistration.k8s.io", "apps").doesNotContain("");
    var autoscaling = item(list, "autoscaling");
    assertThat(names(autoscaling.path("versions"), "version")).containsExactly("v2", "v1");
    var deployments = aggregatedResource(item(list, "apps"), "v1", "deployments");
    assertThat(deployments.path("responseKind").toString())
        .isEqualTo("{\"group\":\"apps\",\"version\":\"v1\",\"kind\":\"Deployment\"}");
    assertThat(deployments.path("scope").asText()).isEqualTo("Namespaced");
    assertThat(deployments.path("singularResource").asText()).isEqualTo("deployment");
    assertThat(names(deployments.path("shortNames"))).containsExactly("deploy");
    assertThat(names(deployments.path("categories"))).containsExactly("all");
    assertThat(names(deployments.path("verbs"))).contains("get", "list", "patch", "watch");
    var scale = subresource(deployments, "scale");
    assertThat(scale.path("responseKind").toString())
        .isEqualTo("{\"group\":\"autoscaling\",\"version\":\"v1\",\"kind\":\"Scale\"}");
    assertThat(subresource(deployments, "status").path("responseKind").path("kind").asText())
        .isEqualTo("Deployment");
  }

  @Test
  void theCoreGroupAggregatedIsUnderApiAndAv2beta1ClientGetsThatVersion() throws IOException {
    var accept = "application/json;g=apidiscovery.k8s.io;v=v2beta1;as=APIGroupDiscoveryList";
    var api = discovery.answer(request("GET", "/api", "Accept", accept));

    assertThat(api.header("Content-Type")).isEqualTo(accept);
    var list = Nodes.MAPPER.readTree(api.getBody().getBytes());
    assertThat(list.path("apiVersion").asText()).isEqualTo("apidiscovery.k8s.io/v2beta1");
    assertThat(list.path("items")).hasSize(1);
    var core = list.path("items").get(0);
    assertThat(core.path("metadata").has("name")).isFalse();
    var configMaps = aggregatedResource(core, "v1", "configmaps");
    assertThat(configMaps.path("responseKind").toString())
        .isEqualTo("{\"group\":\"\",\"version\":\"v1\",\"kind\":\"ConfigMap\"}");
    assertThat(aggregatedResource(core, "v1", "namespaces").path("scope").asText())
        .isEqualTo("Cluster");
  }

  @Test
  void aStoredCrdIsInTheAggregatedAnswerAndAPlainClientStillGetsTheLegacyOne() throws IOException {
    crds.add(
        Nodes.MAPPER.readTree(
            """
            {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
             "metadata": {"name": "widgets.example.com"},
             "spec": {"group": "example.com", "scope": "Cluster",
               "names": {"plural": "widgets", "singular": "widget", "kind": "Widget",
                         "shortNames": ["wg"]},
               "versions": [{"name": "v1", "served": true, "storage": true,
                             "subresources": {"status": {}}}]}}
            """));

    var list =
        Nodes.MAPPER.readTree(
            discovery
                .answer(request("GET", "/apis", "Accept", KUBECTL_ACCEPT))
                .getBody()
                .getBytes());
    var widgets = aggregatedResource(item(list, "example.com"), "v1", "widgets");
    assertThat(widgets.path("scope").asText()).isEqualTo("Cluster");
    assertThat(names(widgets.path("shortNames"))).containsExactly("wg");
    assertThat(subresource(widgets, "status").path("verbs")).isNotEmpty();
    assertThat(json("/apis").path("kind").asText()).isEqualTo("APIGroupList");
    crds.clear();
    var after =
        Nodes.MAPPER.readTree(
            discovery
                .answer(request("GET", "/apis", "Accept", KUBECTL_ACCEPT))
                .getBody()
                .getBytes());
    assertThat(after.path("items").findValuesAsText("name")).doesNotContain("example.com");
  }

  private static JsonNode item(JsonNode list, String group) {
    for (var item : list.path("items")) {
      if (item.path("metadata").path("name").asText().equals(group)) {
        return item;
      }
    }
    throw new AssertionError("no group " + group + " in " + list);
  }

  private static JsonNode aggregatedResource(JsonNode group, String version, String name) {
    for (var entry : group.path("versions")) {
      if (entry.path("version").asText().equals(version)) {
        assertThat(entry.path("freshness").asText()).isEqualTo("Current");
        for (var resource : entry.path("resources")) {
          if (resource.path("resource").asText().equals(name)) {
            return resource;
          }
        }
      }
    }
    throw new AssertionError("no " + version + "/" + name + " in " + group);
  }

  private static JsonNode subresource(JsonNode resource, String name) {
    for (var sub : resource.path("subresources")) {
      if (sub.path("subresource").asText().equals(name)) {
        return sub;
      }
    }
    throw new AssertionError("no subresource " + name + " in " + resource);
  }

  private MockResponse get(String path) {
    return discovery.answer(request("GET", path));
  }

  private JsonNode json(String path) {
    var response = get(path);
    assertThat(response.code()).as(path).isEqualTo(200);
    assertThat(response.header("Content-Type")).isEqualTo("application/json");
    try {
      return Nodes.MAPPER.readTree(response.getBody().getBytes());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static RecordedRequest request(String method, String path, String... headers) {
    var builder = new Headers.Builder();
    for (int i = 0; i < headers.length; i += 2) {
      builder.add(headers[i], headers[i + 1]);
    }
    return new RecordedRequest(
        "HTTP/1.1", HttpMethod.valueOf(method), path, builder.build(), new Buffer());
  }

  private static JsonNode resource(JsonNode list, String name) {
    for (var resource : list.path("resources")) {
      if (resource.path("name").asText().equals(name)) {
        return resource;
      }
    }
    throw new AssertionError(name + " is not in " + list.path("groupVersion"));
  }

  private static List<String> names(JsonNode array, String field) {
    var names = new ArrayList<String>();
    array.forEach(item -> names.add(item.path(field).asText()));
    return names;
  }

  private static List<String> names(JsonNode array) {
    var names = new ArrayList<String>();
    array.forEach(item -> names.add(item.asText()));
    return names;
  }
}
