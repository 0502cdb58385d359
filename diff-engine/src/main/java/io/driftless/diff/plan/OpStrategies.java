package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.ResourceKey;
import java.util.Set;

/**
 * kapp's apply strategy of a change ({@code clusterapply}'s {@code ApplyStrategyOp}): the value of
 * the create-, update- or delete-strategy annotation, {@code ""} for the plain strategy. kapp never
 * deletes the Namespaces {@code default}, {@code kube-system}, {@code kube-public} and {@code
 * kube-node-lease}: their delete is an orphan whatever the annotation says.
 */
final class OpStrategies {

  private static final Set<String> INOPERABLE_NAMESPACES =
      Set.of("default", "kube-system", "kube-public", "kube-node-lease");

  private OpStrategies() {}

  /**
   * The strategy of {@code op}.
   *
   * @param annotated the desired object, for a delete the existing one (may be null)
   */
  static String of(ResourceKey key, ChangeOp op, ObjectNode annotated) {
    return switch (op) {
      case CREATE -> KappAnnotations.value(annotated, KappAnnotations.CREATE_STRATEGY);
      case UPDATE -> KappAnnotations.value(annotated, KappAnnotations.UPDATE_STRATEGY);
      case DELETE ->
          inoperable(key)
              ? KappAnnotations.ORPHAN
              : KappAnnotations.value(annotated, KappAnnotations.DELETE_STRATEGY);
      case NOOP, EXISTS -> "";
    };
  }

  private static boolean inoperable(ResourceKey key) {
    return key.group().isEmpty()
        && key.kind().equals("Namespace")
        && INOPERABLE_NAMESPACES.contains(key.name());
  }
}
