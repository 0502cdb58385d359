package io.driftless.events;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One field that a change sets, replaces or removes.
 *
 * @param path the field's path in the diff-cases syntax, e.g. {@code
 *     spec.template.spec.containers[name=app].image}
 * @param from the value before (a JSON value: string, number, boolean, map or list), null if
 *     absent; Secret values are never carried, only their hash
 * @param to the value after, null if removed
 * @param decidedBy what decided the value: {@code desired}, {@code last-applied}, {@code live} or
 *     {@code rebase:<rule>}
 * @param changedBy the field manager that last wrote the {@code from} value, as the live object's
 *     {@code metadata.managedFields} say ({@code kubectl-edit}, {@code kube-controller-manager} for
 *     an HPA's scale, {@code driftless}); null when the cluster keeps no such record for the field
 *     (older events, a field removed from the live object, a create). Left out of the JSON when
 *     null.
 */
public record FieldChange(
    String path,
    Object from,
    Object to,
    String decidedBy,
    @JsonInclude(JsonInclude.Include.NON_NULL) String changedBy) {

  /** A field change whose previous writer is not known. */
  public FieldChange(String path, Object from, Object to, String decidedBy) {
    this(path, from, to, decidedBy, null);
  }
}
