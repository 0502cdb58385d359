package io.driftless.sandbox.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import org.junit.jupiter.api.Test;

/**
 * Strategic merge patches on real kinds, modelled on Kubernetes' own cases ({@code
 * strategicpatch/patch_test.go}: merging lists by key, order from the patch, {@code $patch}, {@code
 * $retainKeys}, {@code $setElementOrder}, {@code $deleteFromPrimitiveList}); each asserts the whole
 * resulting object.
 */
class StrategicMergePatchTest {

  private static final String POD_SPEC =
      "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\","
          + "\"spec\":{\"template\":{\"spec\":%s}}}";

  @Test
  void containersMergeByNameKeepingTheFieldsThePatchDoesNotName() {
    var result =
        patchPodSpec(
            "{'containers':[{'name':'web','image':'nginx:1.25','ports':[{'containerPort':80}]},"
                + "{'name':'log','image':'busybox'}]}",
            "{'containers':[{'name':'web','image':'nginx:1.27'}]}");

    assertThat(result)
        .isEqualTo(
            podSpec(
                "{'containers':[{'name':'web','image':'nginx:1.27','ports':[{'containerPort':80}]},"
                    + "{'name':'log','image':'busybox'}]}"));
  }

  @Test
  void aNewContainerComesBeforeTheStoredOnesAsTheApiServerPlacesIt() {
    var result =
        patchPodSpec(
            "{'containers':[{'name':'web','image':'nginx'}]}",
            "{'containers':[{'name':'log','image':'busybox'}]}");

    assertThat(result)
        .isEqualTo(
            podSpec(
                "{'containers':[{'name':'log','image':'busybox'},{'name':'web','image':'nginx'}]}"));
  }

  @Test
  void theOrderOfThePatchWinsWhereItNamesStoredItems() {
    // patch_test.go: "preserve the order from the patch in a merging list 2"
    var result =
        patchPodSpec(
            "{'initContainers':[{'name':'1'},{'name':'2','image':'b'},{'name':'3'}]}",
            "{'initContainers':[{'name':'3','image':'c'},{'name':'1','image':'a'}]}");

    assertThat(result)
        .isEqualTo(
            podSpec(
                "{'initContainers':[{'name':'2','image':'b'},{'name':'3','image':'c'},"
                    + "{'name':'1','image':'a'}]}"));
  }

  @Test
  void portsMergeByContainerPort() {
    var result =
        patchPodSpec(
            "{'containers':[{'name':'web','ports':[{'containerPort':80,'name':'http'},"
                + "{'containerPort':443,'name':'https'}]}]}",
            "{'containers':[{'name':'web','ports':[{'containerPort':443,'name':'tls'}]}]}");

    assertThat(result)
        .isEqualTo(
            podSpec(
                "{'containers':[{'name':'web','ports':[{'containerPort':80,'name':'http'},"
                    + "{'containerPort':443,'name':'tls'}]}]}"));
  }

  @Test
  void envMergesByNameAndPatchDeleteRemovesAnItem() {
    var result =
        patchPodSpec(
            "{'containers':[{'name':'web','env':[{'name':'A','value':'1'},{'name':'B','value':'2'}]}]}",
            "{'containers':[{'name':'web','env':[{'name':'B','value':'3'},"
                + "{'name':'A','$patch':'delete'}]}]}");

    assertThat(result)
        .isEqualTo(podSpec("{'containers':[{'name':'web','env':[{'name':'B','value':'3'}]}]}"));
  }

  @Test
  void volumeMountsMergeByMountPath() {
    var result =
        patchPodSpec(
            "{'containers':[{'name':'web','volumeMounts':[{'name':'a','mountPath':'/a'}]}]}",
            "{'containers':[{'name':'web','volumeMounts':[{'name':'b','mountPath':'/a',"
                + "'readOnly':true}]}]}");

    assertThat(result)
        .isEqualTo(
            podSpec(
                "{'containers':[{'name':'web','volumeMounts':[{'name':'b','mountPath':'/a',"
                    + "'readOnly':true}]}]}"));
  }

  @Test
  void volumesMergeByNameAndRetainKeysClearsTheOldSource() {
    var result =
        patchPodSpec(
            "{'volumes':[{'name':'data','emptyDir':{}},{'name':'cache','emptyDir':{}}]}",
            "{'volumes':[{'name':'data','$retainKeys':['configMap','name'],"
                + "'configMap':{'name':'cfg'}}]}");

    assertThat(result)
        .isEqualTo(
            podSpec(
                "{'volumes':[{'name':'data','configMap':{'name':'cfg'}},"
                    + "{'name':'cache','emptyDir':{}}]}"));
  }

  @Test
  void aDeploymentStrategyKeepsOnlyTheRetainedKeys() {
    var stored =
        json(
            "{'apiVersion':'apps/v1','kind':'Deployment','spec':{'replicas':2,'strategy':"
                + "{'type':'RollingUpdate','rollingUpdate':{'maxSurge':'25%','maxUnavailable':'25%'}}}}");

    var result =
        StrategicMergePatch.apply(
            "Deployment",
            stored,
            json("{'spec':{'strategy':{'$retainKeys':['type'],'type':'Recreate'}}}"));

    assertThat(result)
        .isEqualTo(
            json(
                "{'apiVersion':'apps/v1','kind':'Deployment','spec':{'replicas':2,"
                    + "'strategy':{'type':'Recreate'}}}"));
  }

  @Test
  void retainKeysRefusesAPatchFieldItDoesNotName() {
    assertThatThrownBy(
            () ->
                patchPodSpec(
                    "{'volumes':[{'name':'data','emptyDir':{}}]}",
                    "{'volumes':[{'name':'data','$retainKeys':['name'],'configMap':{'name':'c'}}]}"))
        .isInstanceOf(PatchException.class)
        .hasMessageContaining("$retainKeys");
  }

  @Test
  void setElementOrderOrdersTheMergedList() {
    var result =
        patchPodSpec(
            "{'containers':[{'name':'a','image':'x'},{'name':'b','image':'y'}]}",
            "{'$setElementOrder/containers':[{'name':'b'},{'name':'a'}],"
                + "'containers':[{'name':'a','image':'z'}]}");

    assertThat(result)
        .isEqualTo(podSpec("{'containers':[{'name':'b','image':'y'},{'name':'a','image':'z'}]}"));
  }

  @Test
  void patchReplaceInAListReplacesIt() {
    var result =
        patchPodSpec(
            "{'containers':[{'name':'a'},{'name':'b'}]}",
            "{'containers':[{'name':'c'},{'$patch':'replace'}]}");

    assertThat(result).isEqualTo(podSpec("{'containers':[{'name':'c'}]}"));
  }

  @Test
  void patchDeleteOnAMapRemovesItAndPatchReplaceReplacesIt() {
    var result =
        patchPodSpec(
            "{'securityContext':{'runAsUser':1},'nodeSelector':{'a':'1','b':'2'}}",
            "{'securityContext':{'$patch':'delete'},"
                + "'nodeSelector':{'$patch':'replace','c':'3'}}");

    assertThat(result).isEqualTo(podSpec("{'nodeSelector':{'c':'3'}}"));
  }

  @Test
  void untaggedListsAreReplacedWhole() {
    // tolerations and args have no patchStrategy: atomic
    var result =
        patchPodSpec(
            "{'tolerations':[{'key':'a','operator':'Exists'}],"
                + "'containers':[{'name':'web','args':['-a','-b']}]}",
            "{'tolerations':[{'key':'b','operator':'Exists'}],"
                + "'containers':[{'name':'web','args':['-c']}]}");

    assertThat(result)
        .isEqualTo(
            podSpec(
                "{'tolerations':[{'key':'b','operator':'Exists'}],"
                    + "'containers':[{'name':'web','args':['-c']}]}"));
  }

  @Test
  void finalizersMergeAsASetAndDeleteFromPrimitiveListRemoves() {
    var stored = json("{'apiVersion':'v1','kind':'ConfigMap','metadata':{'finalizers':['a','b']}}");

    var result =
        StrategicMergePatch.apply(
            "ConfigMap",
            stored,
            json("{'metadata':{'$deleteFromPrimitiveList/finalizers':['a'],'finalizers':['c']}}"));

    assertThat(result)
        .isEqualTo(
            json("{'apiVersion':'v1','kind':'ConfigMap','metadata':{'finalizers':['c','b']}}"));
  }

  @Test
  void servicePortsMergeByPortAndNullRemovesAField() {
    var stored =
        json(
            "{'apiVersion':'v1','kind':'Service','spec':{'type':'NodePort','ports':"
                + "[{'port':80,'targetPort':8080},{'port':443,'targetPort':8443}]}}");

    var result =
        StrategicMergePatch.apply(
            "Service",
            stored,
            json("{'spec':{'type':null,'ports':[{'port':80,'targetPort':9090}]}}"));

    assertThat(result)
        .isEqualTo(
            json(
                "{'apiVersion':'v1','kind':'Service','spec':{'ports':"
                    + "[{'port':80,'targetPort':9090},{'port':443,'targetPort':8443}]}}"));
  }

  @Test
  void theStoredObjectIsNotChanged() {
    var stored = podSpec("{'containers':[{'name':'web','image':'a'}]}");
    var copy = stored.deepCopy();

    StrategicMergePatch.apply(
        "Deployment", stored, podSpec("{'containers':[{'name':'web','image':'b'}]}"));

    assertThat(stored).isEqualTo(copy);
  }

  private static JsonNode patchPodSpec(String stored, String patch) {
    var patchJson = json(String.format(POD_SPEC, patch));
    patchJson.remove("apiVersion");
    patchJson.remove("kind");
    return StrategicMergePatch.apply("Deployment", podSpec(stored), patchJson);
  }

  private static ObjectNode podSpec(String spec) {
    return json(String.format(POD_SPEC, spec));
  }

  private static ObjectNode json(String text) {
    try {
      return (ObjectNode) Nodes.MAPPER.readTree(text.replace('\'', '"'));
    } catch (Exception e) {
      throw new IllegalArgumentException(text, e);
    }
  }
}
