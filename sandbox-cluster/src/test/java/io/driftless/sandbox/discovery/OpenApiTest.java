package io.driftless.sandbox.discovery;

import static io.driftless.sandbox.discovery.DiscoveryTest.request;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.sandbox.objects.Nodes;
import io.fabric8.mockwebserver.http.MockResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** OpenAPI v3 and v2 from 1.30's published documents (issue 28). */
class OpenApiTest {

  private static final String PROTOBUF =
      "application/com.github.proto-openapi.spec.v2@v1.0+protobuf";
  private static final Discovery discovery = new Discovery(List::of);

  @Test
  void theV3RootNamesEachGroupVersionsDocumentWithItsHash() throws IOException {
    var paths = json(get("/openapi/v3")).path("paths");

    assertThat(paths.has("api/v1")).isTrue();
    assertThat(paths.path("apis/apps/v1").path("serverRelativeURL").asText())
        .matches("/openapi/v3/apis/apps/v1\\?hash=[0-9A-F]{128}");
    assertThat(paths.has("apis/batch/v1")).isTrue();
    assertThat(paths.has("apis/networking.k8s.io/v1")).isTrue();
  }

  @Test
  void aV3DocumentHoldsThePublishedSchemasWithoutFieldValidation() throws IOException {
    var response = get("/openapi/v3/apis/apps/v1?hash=ABC");
    var document = json(response);

    var deployment =
        document.path("components").path("schemas").path("io.k8s.api.apps.v1.Deployment");
    assertThat(deployment.path("x-kubernetes-group-version-kind").get(0).path("kind").asText())
        .isEqualTo("Deployment");
    var spec =
        document.path("components").path("schemas").path("io.k8s.api.apps.v1.DeploymentSpec");
    assertThat(spec.path("properties").path("replicas").path("type").asText()).isEqualTo("integer");
    var patch =
        document.path("paths").path("/apis/apps/v1/namespaces/{namespace}/deployments/{name}");
    var parameters = patch.path("patch").path("parameters").toString();
    assertThat(parameters)
        .contains("\"dryRun\"", "\"fieldManager\"")
        .doesNotContain("fieldValidation");
    assertThat(get("/openapi/v3/apis/example.com/v1").code()).isEqualTo(404);
  }

  @Test
  void v2IsJsonWithV2RefsOrGnosticProtobufWhenOnlyThatIsAccepted() throws IOException {
    var swagger = json(get("/openapi/v2"));
    var spec = swagger.path("definitions").path("io.k8s.api.apps.v1.Deployment").path("properties");
    assertThat(spec.path("spec").path("$ref").asText())
        .isEqualTo("#/definitions/io.k8s.api.apps.v1.DeploymentSpec");
    assertThat(spec.path("spec").has("allOf")).isFalse();

    var proto =
        discovery.answer(request("GET", "/openapi/v2", "Accept", PROTOBUF + ",application/json"));
    assertThat(proto.header("Content-Type")).isEqualTo("application/json");
    proto = discovery.answer(request("GET", "/openapi/v2", "Accept", PROTOBUF));
    assertThat(proto.header("Content-Type"))
        .isEqualTo("application/com.github.proto-openapi.spec.v2.v1.0+protobuf");
    var bytes = proto.getBody().getBytes();
    // field 1 (swagger), length 3, "2.0"; then field 2 (info)
    assertThat(Arrays.copyOf(bytes, 6)).isEqualTo(new byte[] {0x0a, 3, '2', '.', '0', 0x12});
    var text = new String(bytes, StandardCharsets.ISO_8859_1);
    assertThat(text)
        .contains("io.k8s.api.apps.v1.DeploymentSpec")
        .contains("x-kubernetes-group-version-kind");
  }

  @Test
  void aStoredCrdsSchemaIsPublishedInV3ForItsGroupVersion() throws IOException {
    var crd =
        (com.fasterxml.jackson.databind.node.ObjectNode)
            Nodes.MAPPER.readTree(DiscoveryTest.WIDGETS);
    var v1 =
        (com.fasterxml.jackson.databind.node.ObjectNode) crd.path("spec").path("versions").get(1);
    v1.putObject("schema")
        .putObject("openAPIV3Schema")
        .put("type", "object")
        .putObject("properties")
        .putObject("spec")
        .put("type", "object")
        .put("description", "what a widget is")
        .putObject("properties")
        .putObject("size")
        .put("type", "integer");
    var withCrd = new Discovery(() -> List.of(crd));

    var root = json(withCrd.answer(request("GET", "/openapi/v3"))).path("paths");
    assertThat(root.has("apis/example.com/v1")).isTrue();
    assertThat(root.has("apis/example.com/v1beta1")).isFalse(); // no schema
    var document = json(withCrd.answer(request("GET", "/openapi/v3/apis/example.com/v1")));
    var schemas = document.path("components").path("schemas");
    var widget = schemas.path("com.example.v1.Widget");
    assertThat(widget.path("properties").path("spec").path("description").asText())
        .isEqualTo("what a widget is");
    assertThat(widget.path("x-kubernetes-group-version-kind").toString())
        .isEqualTo("[{\"group\":\"example.com\",\"kind\":\"Widget\",\"version\":\"v1\"}]");
    assertThat(widget.path("properties").path("metadata").toString())
        .contains("#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta");
    assertThat(schemas.has("com.example.v1.WidgetList")).isTrue();
    assertThat(schemas.has("io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta")).isTrue();
    assertThat(schemas.has("io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference")).isTrue();
    assertThat(get("/openapi/v3/apis/example.com/v1").code()).isEqualTo(404); // without the CRD
  }

  @Test
  void aV3SchemaBecomesV2() throws IOException {
    var v3 =
        Nodes.MAPPER.readTree(
            """
            {"properties": {
               "spec": {"allOf": [{"$ref": "#/components/schemas/a.Spec"}], "default": {},
                        "description": "the spec"},
               "items": {"type": "array", "items": {"$ref": "#/components/schemas/a.Item"}}}}
            """);

    var v2 = OpenApi.toV2(v3);

    assertThat(v2.toString())
        .isEqualTo(
            "{\"properties\":{\"spec\":{\"description\":\"the spec\","
                + "\"$ref\":\"#/definitions/a.Spec\"},"
                + "\"items\":{\"type\":\"array\",\"items\":{\"$ref\":\"#/definitions/a.Item\"}}}}");
  }

  @Test
  void protobufFieldsAreEncodedAsTheWireFormatSays() {
    var bytes =
        OpenApiV2Proto.schema(
                Nodes.MAPPER.createObjectNode().put("type", "integer").put("maxLength", 300))
            .toByteArray();
    // 11 (max_length) varint 300 = ac 02; 22 (type) TypeItem { 1: "integer" }
    assertThat(bytes)
        .isEqualTo(
            new byte[] {
              0x58,
              (byte) 0xac,
              0x02,
              (byte) 0xb2,
              0x01,
              9,
              0x0a,
              7,
              'i',
              'n',
              't',
              'e',
              'g',
              'e',
              'r'
            });
  }

  private static MockResponse get(String path) {
    return discovery.answer(request("GET", path));
  }

  private static JsonNode json(MockResponse response) throws IOException {
    assertThat(response.code()).isEqualTo(200);
    return Nodes.MAPPER.readTree(response.getBody().getBytes());
  }
}
