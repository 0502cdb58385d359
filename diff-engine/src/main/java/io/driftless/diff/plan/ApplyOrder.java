package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import io.driftless.diff.resources.CustomResourceDefinitions;
import io.driftless.diff.resources.GroupKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A simplified kapp default apply order. Creates, updates and noops go by {@link ApplyGroup}:
 * CustomResourceDefinitions and Namespaces; StorageClass, PriorityClass, PodSecurityPolicy and
 * other cluster policy; ServiceAccounts; Roles and ClusterRoles; RoleBindings and
 * ClusterRoleBindings; ConfigMaps, Secrets, volumes and other pod-related objects; every other
 * built-in kind; custom resources last. Within a group the input (manifest) order stays. Deletes
 * follow, ordered the same way and then reversed, so custom resources go before their CRD and
 * Namespaces go last.
 *
 * <p>Limits: no kapp change-group or change-rule annotations, no waiting between groups (the caller
 * applies in this order), no versioned resources ({@code -ver-N}).
 */
final class ApplyOrder {

  private final Set<GroupKind> customKinds;

  ApplyOrder(Set<GroupKind> customKinds) {
    this.customKinds = Set.copyOf(customKinds);
  }

  /** An order that knows the kinds the CRDs among {@code objects} declare. */
  static ApplyOrder declaredBy(Collection<? extends JsonNode> objects) {
    var kinds = new HashSet<GroupKind>();
    objects.forEach(object -> CustomResourceDefinitions.declaredKind(object).ifPresent(kinds::add));
    return new ApplyOrder(kinds);
  }

  ApplyGroup groupOf(Change change) {
    return ApplyGroup.of(GroupKind.of(change.key()), customKinds);
  }

  /** The applies in group order, then the deletes in reverse group order. */
  List<Change> arrange(List<Change> applies, List<Change> deletes) {
    Comparator<Change> byGroup = Comparator.comparing(this::groupOf);
    var ordered = new ArrayList<>(applies);
    ordered.sort(byGroup);
    var removals = new ArrayList<>(deletes);
    removals.sort(byGroup);
    Collections.reverse(removals);
    ordered.addAll(removals);
    return ordered;
  }
}
