package io.driftless.diff.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class FieldManagersTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * A Deployment as an API server keeps it after Driftless's write, an HPA's scale and an
   * operator's {@code kubectl edit} of one container's image (the shape of Kubernetes' FieldsV1).
   */
  private static final String LIVE =
      """
      {"apiVersion": "apps/v1", "kind": "Deployment",
       "metadata": {"name": "web", "namespace": "default",
        "annotations": {"kapp.k14s.io/identity": "v1"},
        "managedFields": [
         {"manager": "driftless", "operation": "Update", "apiVersion": "apps/v1",
          "time": "2026-11-27T10:00:00Z", "fieldsType": "FieldsV1",
          "fieldsV1": {"f:metadata": {"f:annotations": {".": {}, "f:kapp.k14s.io/identity": {}}},
           "f:spec": {"f:replicas": {}, "f:template": {"f:spec": {"f:containers": {
             "k:{\\"name\\":\\"app\\"}": {".": {}, "f:image": {}, "f:name": {}, "f:args": {},
              "f:ports": {"k:{\\"containerPort\\":80,\\"protocol\\":\\"TCP\\"}": {".": {},
               "f:containerPort": {}}}},
             "k:{\\"name\\":\\"sidecar\\"}": {".": {}, "f:image": {}}}}}}}},
         {"manager": "kube-controller-manager", "operation": "Update", "apiVersion": "apps/v1",
          "time": "2026-11-27T10:05:00Z", "fieldsType": "FieldsV1", "subresource": "scale",
          "fieldsV1": {"f:spec": {"f:replicas": {}}}},
         {"manager": "kubectl-edit", "operation": "Update", "apiVersion": "apps/v1",
          "time": "2026-11-27T10:07:00Z", "fieldsType": "FieldsV1",
          "fieldsV1": {"f:spec": {"f:template": {"f:spec": {"f:containers": {
             "k:{\\"name\\":\\"app\\"}": {"f:image": {}}}}}}}}]}}
      """;

  @Test
  void theLastWriterOfAFieldIsItsManager() throws Exception {
    var managers = FieldManagers.of(JSON.readTree(LIVE));

    assertThat(managers.managerOf("spec.replicas")).contains("kube-controller-manager");
    assertThat(managers.managerOf("spec.template.spec.containers[name=app].image"))
        .contains("kubectl-edit");
    assertThat(managers.managerOf("spec.template.spec.containers[name=sidecar].image"))
        .contains("driftless");
    assertThat(managers.managerOf("metadata.annotations[\"kapp.k14s.io/identity\"]"))
        .contains("driftless");
  }

  @Test
  void listItemsAreFoundByTheirMergeKeyAndAtomicListsHoldTheirItems() throws Exception {
    var managers = FieldManagers.of(JSON.readTree(LIVE));

    assertThat(
            managers.managerOf(
                "spec.template.spec.containers[name=app].ports[containerPort=80].containerPort"))
        .contains("driftless");
    assertThat(managers.managerOf("spec.template.spec.containers[name=app].args[1]"))
        .contains("driftless");
    assertThat(managers.managerOf("spec.template.spec.containers[name=sidecar]"))
        .contains("driftless");
  }

  @Test
  void aFieldNobodyOwnsHasNoManager() throws Exception {
    var managers = FieldManagers.of(JSON.readTree(LIVE));

    assertThat(managers.managerOf("spec.paused")).isEmpty();
    assertThat(managers.managerOf("spec.template.spec.containers[name=gone].image")).isEmpty();
    assertThat(
            managers.managerOf("spec.template.spec.containers[name=app].ports[containerPort=81]"))
        .isEmpty();
    assertThat(managers.managerOf("spec.template[")).isEmpty();
  }

  @Test
  void anObjectWithoutManagedFieldsSaysNothing() throws Exception {
    JsonNode live =
        JSON.readTree("{\"metadata\": {\"name\": \"web\"}, \"spec\": {\"replicas\": 2}}");

    assertThat(FieldManagers.of(live).managerOf("spec.replicas")).isEmpty();
    assertThat(FieldManagers.of(null).managerOf("spec.replicas")).isEmpty();
  }

  @Test
  void pathsParseAsTheDiffCasesWriteThem() {
    assertThat(FieldManagers.parse("metadata.annotations[\"a.b/c\"]"))
        .containsExactly(
            new FieldManagers.Key("metadata"),
            new FieldManagers.Key("annotations"),
            new FieldManagers.Key("a.b/c"));
    assertThat(FieldManagers.parse("spec.containers[name=\"x.y\"].env[name=A].value"))
        .containsExactly(
            new FieldManagers.Key("spec"),
            new FieldManagers.Key("containers"),
            new FieldManagers.Item("name", "x.y"),
            new FieldManagers.Key("env"),
            new FieldManagers.Item("name", "A"),
            new FieldManagers.Key("value"));
    assertThat(FieldManagers.parse("spec.args[2]"))
        .containsExactly(
            new FieldManagers.Key("spec"),
            new FieldManagers.Key("args"),
            new FieldManagers.Position(2));
  }
}
