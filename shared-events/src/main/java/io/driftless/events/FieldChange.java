package io.driftless.events;

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
 */
public record FieldChange(String path, Object from, Object to, String decidedBy) {}
