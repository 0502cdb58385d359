package io.driftless.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.sandbox.objects.Nodes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes sent raw as kubectl sends them (issue 28): the three patch types, PUT with and without a
 * type, dry runs, the scale subresource and deletes, each answered with the API server's code and
 * body, and the managedFields each write leaves.
 */
class PatchIT {

  private static final String DEPLOYMENTS = "/apis/apps/v1/namespaces/default/deployments";
  private static final String WEB = DEPLOYMENTS + "/web";
  private static final String CONFIGMAPS = "/api/v1/namespaces/default/configmaps";
  private static final String SMP = "application/strategic-merge-patch+json";
  private static final String MERGE = "application/merge-patch+json";
  private static final String JSON_PATCH = "application/json-patch+json";

  private static final String WEB_JSON =
      """
      {"apiVersion": "apps/v1", "kind": "Deployment",
       "metadata": {"name": "web", "namespace": "default", "labels": {"app": "web"}},
       "spec": {"replicas": 1, "selector": {"matchLabels": {"app": "web"}},
                "template": {"metadata": {"labels": {"app": "web"}},
                             "spec": {"containers": [
                               {"name": "web", "image": "nginx:1.25",
                                "ports": [{"containerPort": 80}],
                                "env": [{"name": "A", "value": "1"}, {"name": "B", "value": "2"}]},
                               {"name": "log", "image": "busybox:1.36"}]}}}}
      """;

  @TempDir Path dir;

  private SandboxFixture cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = SandboxFixture.start(dir, Set.of());
    assertThat(
            cluster
                .send(
                    "POST",
                    DEPLOYMENTS + "?fieldManager=kubectl-create",
                    "application/json",
                    WEB_JSON)
                .statusCode())
        .isEqualTo(201);
  }

  @AfterEach
  void stop() {
    cluster.close();
  }

  @Test
  void aStrategicMergePatchMergesContainersAndEnvByNameAndAnswers200() throws Exception {
    var answer =
        cluster.send(
            "PATCH",
            WEB + "?fieldManager=kubectl-patch",
            SMP,
            """
            {"spec": {"template": {"spec": {"containers": [
              {"name": "web", "image": "nginx:1.27",
               "env": [{"name": "B", "value": "3"}, {"name": "A", "$patch": "delete"}]}]}}}}
            """);

    assertThat(answer.statusCode()).isEqualTo(200);
    var stored = cluster.stored(WEB);
    assertThat(Nodes.MAPPER.readTree(answer.body())).isEqualTo(stored);
    var containers = stored.at("/spec/template/spec/containers");
    assertThat(names(containers)).containsExactly("web", "log");
    assertThat(containers.get(0).path("image").asText()).isEqualTo("nginx:1.27");
    assertThat(containers.get(0).path("env").toString())
        .isEqualTo("[{\"name\":\"B\",\"value\":\"3\"}]");
    assertThat(containers.get(0).at("/ports/0/containerPort").asInt()).isEqualTo(80);
    assertThat(containers.get(1).path("image").asText()).isEqualTo("busybox:1.36");
    assertThat(stored.at("/metadata/generation").asInt()).isEqualTo(2);
  }

  @Test
  void aStrategicMergePatchOfACustomResourceIs415AsOnAnApiServer() throws Exception {
    cluster.send(
        "POST",
        "/apis/apiextensions.k8s.io/v1/customresourcedefinitions",
        "application/json",
        """
        {"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
         "metadata": {"name": "widgets.example.com"},
         "spec": {"group": "example.com", "scope": "Namespaced",
                  "names": {"kind": "Widget", "plural": "widgets"},
                  "versions": [{"name": "v1", "served": true, "storage": true,
                                "schema": {"openAPIV3Schema": {"type": "object"}}}]}}
        """);
    var widgets = "/apis/example.com/v1/namespaces/default/widgets";
    cluster.send(
        "POST",
        widgets,
        "application/json",
        "{\"apiVersion\":\"example.com/v1\",\"kind\":\"Widget\",\"metadata\":{\"name\":\"w\"},"
            + "\"spec\":{\"size\":1}}");

    var strategic = cluster.send("PATCH", widgets + "/w", SMP, "{\"spec\":{\"size\":2}}");
    var merge = cluster.send("PATCH", widgets + "/w", MERGE, "{\"spec\":{\"size\":3}}");

    assertThat(strategic.statusCode()).isEqualTo(415);
    assertThat(Nodes.MAPPER.readTree(strategic.body()).path("reason").asText())
        .isEqualTo("UnsupportedMediaType");
    assertThat(merge.statusCode()).isEqualTo(200);
    assertThat(cluster.stored(widgets + "/w").at("/spec/size").asInt()).isEqualTo(3);
  }

  @Test
  void mergeAndJsonPatchesAnswer200WithTheObject() throws Exception {
    var merge =
        cluster.send("PATCH", WEB, MERGE, "{\"metadata\":{\"labels\":{\"tier\":\"front\"}}}");
    var json =
        cluster.send(
            "PATCH",
            WEB,
            JSON_PATCH,
            "[{\"op\":\"replace\",\"path\":\"/spec/replicas\",\"value\":4}]");

    assertThat(merge.statusCode()).isEqualTo(200);
    assertThat(json.statusCode()).isEqualTo(200);
    var stored = cluster.stored(WEB);
    assertThat(Nodes.MAPPER.readTree(json.body())).isEqualTo(stored);
    assertThat(stored.at("/metadata/labels/tier").asText()).isEqualTo("front");
    assertThat(stored.at("/spec/replicas").asInt()).isEqualTo(4);
    // a merge patch replaces lists whole
    cluster.send(
        "PATCH",
        WEB,
        MERGE,
        "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"only\",\"image\":\"x\"}]}}}}");
    assertThat(names(cluster.stored(WEB).at("/spec/template/spec/containers")))
        .containsExactly("only");
  }

  @Test
  void aJsonPatchThatCannotApplyIs422AndStoresNothing() throws Exception {
    var before = cluster.stored(WEB);

    var answer =
        cluster.send(
            "PATCH", WEB, JSON_PATCH, "[{\"op\":\"remove\",\"path\":\"/spec/nothing/here\"}]");

    assertThat(answer.statusCode()).isEqualTo(422);
    assertThat(cluster.stored(WEB)).isEqualTo(before);
  }

  @Test
  void aPatchOfAMissingObjectIs404NotFound() throws Exception {
    var answer = cluster.send("PATCH", DEPLOYMENTS + "/none", MERGE, "{}");

    assertThat(answer.statusCode()).isEqualTo(404);
    assertThat(Nodes.MAPPER.readTree(answer.body()).path("message").asText())
        .isEqualTo("deployments.apps \"none\" not found");
  }

  @Test
  void aPutWithoutAContentTypeIsReadAsJson() throws Exception {
    var object = (com.fasterxml.jackson.databind.node.ObjectNode) cluster.stored(WEB);
    Nodes.object(Nodes.object(object, "spec"), "template");
    ((com.fasterxml.jackson.databind.node.ObjectNode) object.path("spec")).put("replicas", 5);

    var answer = cluster.send("PUT", WEB, null, object.toString());

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(cluster.stored(WEB).at("/spec/replicas").asInt()).isEqualTo(5);
  }

  @Test
  void dryRunsAnswerTheResultAndStoreNothing() throws Exception {
    var before = cluster.stored(WEB);

    var patch = cluster.send("PATCH", WEB + "?dryRun=All", MERGE, "{\"spec\":{\"replicas\":7}}");
    var put =
        cluster.send(
            "PUT",
            WEB + "?dryRun=All",
            "application/json",
            before.toString().replace("nginx:1.25", "nginx:2"));
    var create =
        cluster.send(
            "POST",
            CONFIGMAPS + "?dryRun=All",
            "application/json",
            "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\"c\"},\"data\":{\"a\":\"b\"}}");
    var delete = cluster.send("DELETE", WEB + "?dryRun=All", null, null);
    var deleteInBody =
        cluster.send(
            "DELETE",
            WEB,
            "application/json",
            "{\"kind\":\"DeleteOptions\",\"apiVersion\":\"v1\",\"dryRun\":[\"All\"]}");

    assertThat(patch.statusCode()).isEqualTo(200);
    assertThat(Nodes.MAPPER.readTree(patch.body()).at("/spec/replicas").asInt()).isEqualTo(7);
    assertThat(put.statusCode()).isEqualTo(200);
    assertThat(
            Nodes.MAPPER.readTree(put.body()).at("/spec/template/spec/containers/0/image").asText())
        .isEqualTo("nginx:2");
    assertThat(create.statusCode()).isEqualTo(201);
    assertThat(Nodes.MAPPER.readTree(create.body()).at("/metadata/uid").asText()).isNotEmpty();
    assertThat(delete.statusCode()).isEqualTo(200);
    assertThat(deleteInBody.statusCode()).isEqualTo(200);
    assertThat(cluster.stored(WEB)).isEqualTo(before);
    assertThat(cluster.send("GET", CONFIGMAPS + "/c", null, null).statusCode()).isEqualTo(404);
  }

  @Test
  void aDeleteAnswersASuccessStatusOrTheObjectAsTheKindsRegistryDoes() throws Exception {
    cluster.send(
        "POST",
        "/api/v1/namespaces/default/services",
        "application/json",
        "{\"apiVersion\":\"v1\",\"kind\":\"Service\",\"metadata\":{\"name\":\"s\"},"
            + "\"spec\":{\"ports\":[{\"port\":80}]}}");

    var deployment = cluster.send("DELETE", WEB, null, null);
    var service = cluster.send("DELETE", "/api/v1/namespaces/default/services/s", null, null);
    var missing = cluster.send("DELETE", WEB, null, null);

    assertThat(deployment.statusCode()).isEqualTo(200);
    var status = Nodes.MAPPER.readTree(deployment.body());
    assertThat(status.path("kind").asText()).isEqualTo("Status");
    assertThat(status.path("status").asText()).isEqualTo("Success");
    assertThat(status.at("/details/name").asText()).isEqualTo("web");
    assertThat(status.at("/details/group").asText()).isEqualTo("apps");
    assertThat(status.at("/details/kind").asText()).isEqualTo("deployments");
    assertThat(service.statusCode()).isEqualTo(200);
    assertThat(Nodes.MAPPER.readTree(service.body()).path("kind").asText()).isEqualTo("Service");
    assertThat(missing.statusCode()).isEqualTo(404);
  }

  @Test
  void aDeleteOfACollectionDeletesItsObjects() throws Exception {
    for (var name : new String[] {"a", "b"}) {
      cluster.send(
          "POST",
          CONFIGMAPS,
          "application/json",
          "{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"metadata\":{\"name\":\""
              + name
              + "\"}}");
    }

    var answer = cluster.send("DELETE", CONFIGMAPS, null, null);

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(cluster.stored(CONFIGMAPS).path("items")).isEmpty();
    assertThat(cluster.stored(WEB).at("/metadata/name").asText()).isEqualTo("web");
  }

  @Test
  void theScaleSubresourceIsReadPutAndPatched() throws Exception {
    var get = cluster.send("GET", WEB + "/scale", null, null);
    var patch = cluster.send("PATCH", WEB + "/scale", MERGE, "{\"spec\":{\"replicas\":3}}");
    var scale = Nodes.MAPPER.readTree(patch.body());
    var put =
        cluster.send(
            "PUT",
            WEB + "/scale?fieldManager=scaler",
            "application/json",
            scale.toString().replace("\"replicas\":3", "\"replicas\":5"));

    assertThat(get.statusCode()).isEqualTo(200);
    assertThat(Nodes.MAPPER.readTree(get.body()).at("/spec/replicas").asInt()).isEqualTo(1);
    assertThat(patch.statusCode()).isEqualTo(200);
    assertThat(scale.path("kind").asText()).isEqualTo("Scale");
    assertThat(scale.at("/spec/replicas").asInt()).isEqualTo(3);
    assertThat(put.statusCode()).isEqualTo(200);
    var stored = cluster.stored(WEB);
    assertThat(stored.at("/spec/replicas").asInt()).isEqualTo(5);
    var scaler = entry(stored, "scaler", "scale");
    assertThat(scaler.at("/fieldsV1").toString()).isEqualTo("{\"f:spec\":{\"f:replicas\":{}}}");
  }

  @Test
  void managedFieldsMoveTheChangedFieldsToTheirNewManager() throws Exception {
    var created = cluster.stored(WEB);
    var create = entry(created, "kubectl-create", "");
    assertThat(create.path("operation").asText()).isEqualTo("Update");
    assertThat(create.path("apiVersion").asText()).isEqualTo("apps/v1");
    assertThat(
            create
                .at("/fieldsV1/f:spec/f:template/f:spec/f:containers")
                .has("k:{\"name\":\"web\"}"))
        .isTrue();
    assertThat(
            create
                .at("/fieldsV1/f:spec/f:template/f:spec/f:containers/k:{\"name\":\"web\"}/f:ports")
                .has("k:{\"containerPort\":80,\"protocol\":\"TCP\"}"))
        .isTrue();
    assertThat(create.at("/fieldsV1/f:spec/f:selector").toString()).isEqualTo("{}");
    assertThat(create.at("/fieldsV1/f:metadata/f:labels").toString())
        .isEqualTo("{\".\":{},\"f:app\":{}}");

    cluster.send(
        "PATCH",
        WEB + "?fieldManager=kubectl-patch",
        SMP,
        "{\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"web\",\"image\":\"nginx:1.27\"}]}}}}");
    cluster.send("PATCH", WEB, MERGE, "{\"metadata\":{\"labels\":{\"app\":null}}}");

    var stored = cluster.stored(WEB);
    var web = "/fieldsV1/f:spec/f:template/f:spec/f:containers/k:{\"name\":\"web\"}";
    assertThat(entry(stored, "kubectl-patch", "").at(web).toString()).isEqualTo("{\"f:image\":{}}");
    assertThat(entry(stored, "kubectl-create", "").at(web).has("f:image")).isFalse();
    assertThat(entry(stored, "kubectl-create", "").at(web).has("f:name")).isTrue();
    // the removed label is owned by nobody; the User-Agent names the manager
    assertThat(entry(stored, "kubectl-create", "").at("/fieldsV1/f:metadata/f:labels").toString())
        .isEqualTo("{}");
    assertThat(managers(stored)).contains("kubectl-create", "kubectl-patch");
  }

  @Test
  void statusWritesAreOwnedByTheControllerManagerThroughTheStatusSubresource() throws Exception {
    cluster.sandbox.enable(io.driftless.sandbox.controllers.Controller.WORKLOAD_STATUS);
    cluster.send("PATCH", WEB, MERGE, "{\"spec\":{\"replicas\":2}}");

    var status = entry(cluster.stored(WEB), "kube-controller-manager", "status");

    assertThat(status.at("/fieldsV1/f:status").has("f:replicas")).isTrue();
    assertThat(status.at("/fieldsV1").has("f:spec")).isFalse();
  }

  private static JsonNode entry(JsonNode object, String manager, String subresource) {
    for (var entry : object.at("/metadata/managedFields")) {
      if (entry.path("manager").asText().equals(manager)
          && entry.path("subresource").asText("").equals(subresource)) {
        return entry;
      }
    }
    throw new AssertionError("no managedFields entry of " + manager + " in " + object);
  }

  private static List<String> names(JsonNode list) {
    var names = new ArrayList<String>();
    list.forEach(item -> names.add(item.path("name").asText()));
    return names;
  }

  private static List<String> managers(JsonNode object) {
    var names = new ArrayList<String>();
    object.at("/metadata/managedFields").forEach(e -> names.add(e.path("manager").asText()));
    return names;
  }
}
