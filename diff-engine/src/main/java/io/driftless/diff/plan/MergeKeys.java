package io.driftless.diff.plan;

import io.driftless.diff.resources.GroupKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The merge keys of built-in list fields, whose items the diff matches by key instead of comparing
 * the list whole. After Kubernetes' {@code x-kubernetes-patch-merge-key}: containers,
 * initContainers, ephemeralContainers, volumes, imagePullSecrets and a ServiceAccount's secrets by
 * {@code name}; a container's env by {@code name}, volumeMounts by {@code mountPath}, volumeDevices
 * by {@code devicePath} and ports by {@code containerPort}; a pod's hostAliases by {@code ip} and
 * topologySpreadConstraints by {@code topologyKey}; a Service's {@code spec.ports} by {@code port};
 * a webhook configuration's webhooks by {@code name}; ownerReferences by {@code uid}.
 *
 * <p>Matched on field names below built-in kinds, so every pod template (Deployment, Job, CronJob,
 * ...) is covered. Lists of custom resources are atomic, as the API server treats them (a CRD
 * schema may declare {@code x-kubernetes-list-type: map}; without discovery it is not known here).
 */
final class MergeKeys {

  private static final Set<String> NAMED_LISTS =
      Set.of("containers", "initContainers", "ephemeralContainers", "volumes", "imagePullSecrets");
  private static final Set<String> CONTAINER_LISTS =
      Set.of("containers", "initContainers", "ephemeralContainers");
  private static final Map<String, String> CONTAINER_FIELDS =
      Map.of(
          "env", "name",
          "volumeMounts", "mountPath",
          "volumeDevices", "devicePath",
          "ports", "containerPort");
  private static final Map<String, String> POD_FIELDS =
      Map.of("hostAliases", "ip", "topologySpreadConstraints", "topologyKey");
  private static final Set<String> WEBHOOK_KINDS =
      Set.of("MutatingWebhookConfiguration", "ValidatingWebhookConfiguration");

  private final GroupKind type;

  MergeKeys(GroupKind type) {
    this.type = type;
  }

  /** The merge key of the list at {@code fields} (map keys from the root), if it has one. */
  Optional<String> of(List<String> fields) {
    if (!type.builtInGroup() || fields.isEmpty()) {
      return Optional.empty();
    }
    String field = fields.get(fields.size() - 1);
    String parent = fields.size() > 1 ? fields.get(fields.size() - 2) : "";
    if (NAMED_LISTS.contains(field)) {
      return Optional.of("name");
    }
    if (CONTAINER_LISTS.contains(parent) && CONTAINER_FIELDS.containsKey(field)) {
      return Optional.of(CONTAINER_FIELDS.get(field));
    }
    return Optional.ofNullable(topLevel(fields, field));
  }

  private String topLevel(List<String> fields, String field) {
    if (POD_FIELDS.containsKey(field)) {
      return POD_FIELDS.get(field);
    }
    if ("ownerReferences".equals(field)) {
      return "uid";
    }
    String kind = type.kind();
    if ("Service".equals(kind) && fields.equals(List.of("spec", "ports"))) {
      return "port";
    }
    if ("ServiceAccount".equals(kind) && fields.equals(List.of("secrets"))) {
      return "name";
    }
    if (WEBHOOK_KINDS.contains(kind) && fields.equals(List.of("webhooks"))) {
      return "name";
    }
    return null;
  }
}
