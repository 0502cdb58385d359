package io.driftless.sandbox.patch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The patch and list facts of the built-in kinds the sandbox serves, as Kubernetes' Go types tag
 * them ({@code staging/src/k8s.io/api/core/v1/types.go}, {@code apps/v1/types.go}, {@code
 * meta/v1/types.go}): for a field path, its {@code patchStrategy} and {@code patchMergeKey}
 * (strategic merge patch) and its {@code listType}/{@code listMapKey} or {@code structType/mapType:
 * atomic} (managedFields). A path is the kind's field names joined by dots, list items left out;
 * pod specs, containers and object metadata are named once ({@code PodSpec.containers}) and found
 * wherever they are embedded. A field without an entry is a plain map, or an atomic list (replaced
 * whole by a patch, a leaf in managedFields), as Kubernetes takes an untagged list.
 *
 * <p>Limits: only the fields below; a built-in kind's untagged list that Kubernetes does merge is
 * replaced here.
 */
public final class PatchSchema {

  /** How a list or map field is patched and owned. */
  public enum Shape {
    /** A list merged by {@link Rule#mergeKey()}, owned per item ({@code k:{...}}). */
    MAP_LIST,
    /** A list of scalars merged as a set ({@code patchStrategy=merge}, {@code v:...}). */
    SET_LIST,
    /** A map or struct owned whole ({@code structType/mapType=atomic}). */
    ATOMIC_MAP,
    /** A map whose patch honours {@code $retainKeys} ({@code patchStrategy=retainKeys}). */
    RETAIN_KEYS_MAP
  }

  /**
   * A field's rule: its shape, its strategic merge key, its managedFields list keys, and whether
   * strategic merge patch merges it (false: the list is atomic for SMP but keyed for ownership).
   */
  public record Rule(Shape shape, String mergeKey, List<String> listKeys, boolean merges) {}

  private static final Map<String, Rule> RULES = new HashMap<>();

  private static final Map<String, String> POD_SPEC_ROOTS =
      Map.of(
          "Deployment", "spec.template.spec",
          "StatefulSet", "spec.template.spec",
          "DaemonSet", "spec.template.spec",
          "ReplicaSet", "spec.template.spec",
          "Job", "spec.template.spec",
          "CronJob", "spec.jobTemplate.spec.template.spec",
          "PodTemplate", "template.spec",
          "ReplicationController", "spec.template.spec",
          "Pod", "spec");

  static {
    // meta/v1 ObjectMeta
    keyed("ObjectMeta.ownerReferences", "uid");
    set("ObjectMeta.finalizers");
    // core/v1 PodSpec
    keyed("PodSpec.volumes", "name");
    retainKeys("PodSpec.volumes");
    for (var list : List.of("containers", "initContainers", "ephemeralContainers")) {
      keyed("PodSpec." + list, "name");
      var container = "PodSpec." + list + ".";
      RULES.put(
          container + "ports",
          new Rule(Shape.MAP_LIST, "containerPort", List.of("containerPort", "protocol"), true));
      keyed(container + "env", "name");
      keyed(container + "volumeMounts", "mountPath");
      keyed(container + "volumeDevices", "devicePath");
      keyed(container + "resizePolicy", "resourceName");
      atomic(container + "env.valueFrom.configMapKeyRef");
      atomic(container + "env.valueFrom.secretKeyRef");
    }
    keyed("PodSpec.imagePullSecrets", "name");
    keyed("PodSpec.hostAliases", "ip");
    RULES.put(
        "PodSpec.topologySpreadConstraints",
        new Rule(Shape.MAP_LIST, "topologyKey", List.of("topologyKey", "whenUnsatisfiable"), true));
    keyed("PodSpec.resourceClaims", "name");
    keyed("PodSpec.schedulingGates", "name");
    // tolerations, readinessGates, args, command, envFrom: untagged, atomic
    // workloads (apps/v1, batch/v1): LabelSelector is structType=atomic
    for (var kind : List.of("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job")) {
      atomic(kind + ".spec.selector");
      keyed(kind + ".status.conditions", "type");
    }
    retainKeys("Deployment.spec.strategy");
    atomic("CronJob.spec.jobTemplate.spec.selector");
    keyed("Pod.status.conditions", "type");
    // core/v1 Service: ports keyed by port and protocol, selector mapType=atomic
    RULES.put(
        "Service.spec.ports", new Rule(Shape.MAP_LIST, "port", List.of("port", "protocol"), true));
    atomic("Service.spec.selector");
    atomic("NetworkPolicy.spec.podSelector");
    atomic("PodDisruptionBudget.spec.selector");
    keyed("Namespace.status.conditions", "type");
    keyed("HorizontalPodAutoscaler.status.conditions", "type");
  }

  private PatchSchema() {}

  private static void keyed(String path, String key) {
    RULES.put(path, new Rule(Shape.MAP_LIST, key, List.of(key), true));
  }

  private static void set(String path) {
    RULES.put(path, new Rule(Shape.SET_LIST, null, List.of(), true));
  }

  private static void atomic(String path) {
    RULES.put(path, new Rule(Shape.ATOMIC_MAP, null, List.of(), false));
  }

  /** Volumes are merged by name and their sources' keys retained ({@code merge,retainKeys}). */
  private static void retainKeys(String path) {
    var rule = RULES.get(path);
    if (rule == null) {
      RULES.put(path, new Rule(Shape.RETAIN_KEYS_MAP, null, List.of(), true));
    }
  }

  /**
   * The default of a list key field ({@code protocol: TCP} of ports), which structured-merge-diff
   * takes for an item that leaves it out; null when none.
   */
  public static JsonNode keyDefault(String field) {
    return field.equals("protocol") ? Nodes.MAPPER.getNodeFactory().textNode("TCP") : null;
  }

  /** True for a kind of Kubernetes' own API groups (strategic merge patch applies). */
  public static boolean builtIn(String group) {
    return ObjectType.builtInGroup(group);
  }

  /** The rule of a field of {@code kind} at {@code path} (field names), or null. */
  public static Rule rule(String kind, List<String> path) {
    return RULES.get(key(kind, path));
  }

  static String key(String kind, List<String> path) {
    var dotted = String.join(".", path);
    var podSpec = POD_SPEC_ROOTS.get(kind);
    if (podSpec != null && dotted.startsWith(podSpec + ".")) {
      return "PodSpec." + dotted.substring(podSpec.length() + 1);
    }
    var metadata = dotted.lastIndexOf("metadata.");
    if (metadata >= 0 && (metadata == 0 || dotted.charAt(metadata - 1) == '.')) {
      var rest = dotted.substring(metadata + "metadata.".length());
      if (!rest.contains(".")) {
        return "ObjectMeta." + rest;
      }
    }
    return kind + "." + dotted;
  }

  /**
   * The object the API server compares a create against for managedFields: the kind's Go type at
   * its zero value, whose non-pointer structs (a Deployment's {@code spec.strategy}) exist, so a
   * create owns their fields but not the structs themselves ({@code k8s.io/apiserver}'s create
   * handler passes {@code scope.Creater.New(kind)} as the live object). Custom resources: {@code
   * {}}.
   */
  public static ObjectNode zero(String kind) {
    var template = "{\"metadata\":{},\"spec\":{\"containers\":null}}";
    var json =
        switch (kind) {
          case "Deployment" -> workload("\"strategy\":{}", template);
          case "StatefulSet" -> workload("\"updateStrategy\":{}", template);
          case "DaemonSet" -> workload("\"updateStrategy\":{}", template);
          case "ReplicaSet", "ReplicationController" -> workload("", template);
          case "Job" -> "{\"metadata\":{},\"spec\":{\"template\":" + template + "},\"status\":{}}";
          case "CronJob" ->
              "{\"metadata\":{},\"spec\":{\"jobTemplate\":{\"metadata\":{},\"spec\":{\"template\":"
                  + template
                  + "}}},\"status\":{}}";
          case "Pod" -> "{\"metadata\":{},\"spec\":{\"containers\":null},\"status\":{}}";
          case "Service" -> "{\"metadata\":{},\"spec\":{},\"status\":{\"loadBalancer\":{}}}";
          case "Namespace", "Ingress", "NetworkPolicy", "PodDisruptionBudget" ->
              "{\"metadata\":{},\"spec\":{},\"status\":{}}";
          case "HorizontalPodAutoscaler" ->
              "{\"metadata\":{},\"spec\":{\"scaleTargetRef\":{}},\"status\":{}}";
          default -> "{\"metadata\":{}}";
        };
    return parse(json);
  }

  private static String workload(String extra, String template) {
    return "{\"metadata\":{},\"spec\":{\"selector\":null,\"template\":"
        + template
        + (extra.isEmpty() ? "" : "," + extra)
        + "},\"status\":{}}";
  }

  private static ObjectNode parse(String json) {
    try {
      JsonNode node = Nodes.MAPPER.readTree(json);
      return (ObjectNode) node;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
