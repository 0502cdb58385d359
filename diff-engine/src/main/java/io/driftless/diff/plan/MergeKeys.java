package io.driftless.diff.plan;

import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The merge keys of the built-in list fields whose items the diff matches by key instead of
 * comparing the list whole: containers, initContainers, ephemeralContainers, volumes and
 * imagePullSecrets by {@code name}; a container's env by {@code name}, volumeMounts by {@code
 * mountPath} and ports by {@code containerPort}; a Service's {@code spec.ports} by {@code port}.
 *
 * <p>The table is a subset of Kubernetes' strategic-merge keys, matched on field names, so pod
 * templates embedded in custom resources are matched too. Every other list is one atomic value.
 */
final class MergeKeys {

  private static final Set<String> CONTAINER_LISTS =
      Set.of("containers", "initContainers", "ephemeralContainers");
  private static final Set<String> NAMED_LISTS = Set.of("volumes", "imagePullSecrets");
  private static final List<String> SERVICE_PORTS = List.of("spec", "ports");

  private MergeKeys() {}

  /** The merge key of the list at {@code fields} (map keys from the root) in an object of kind. */
  static Optional<String> of(String kind, List<String> fields) {
    String field = fields.get(fields.size() - 1);
    String parent = fields.size() > 1 ? fields.get(fields.size() - 2) : "";
    if (CONTAINER_LISTS.contains(field) || NAMED_LISTS.contains(field)) {
      return Optional.of("name");
    }
    if (CONTAINER_LISTS.contains(parent)) {
      return containerList(field);
    }
    if ("Service".equals(kind) && SERVICE_PORTS.equals(fields)) {
      return Optional.of("port");
    }
    return Optional.empty();
  }

  private static Optional<String> containerList(String field) {
    return switch (field) {
      case "env" -> Optional.of("name");
      case "volumeMounts" -> Optional.of("mountPath");
      case "ports" -> Optional.of("containerPort");
      default -> Optional.empty();
    };
  }
}
