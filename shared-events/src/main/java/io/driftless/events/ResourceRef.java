package io.driftless.events;

/**
 * Names one Kubernetes object.
 *
 * @param apiVersion e.g. {@code apps/v1}
 * @param kind e.g. {@code Deployment}
 * @param namespace the object's namespace, empty for cluster-scoped objects
 * @param name the object's name
 */
public record ResourceRef(String apiVersion, String kind, String namespace, String name) {}
