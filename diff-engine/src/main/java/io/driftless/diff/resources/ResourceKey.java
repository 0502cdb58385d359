package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Objects;

/**
 * Identifies one Kubernetes object the way kapp does: API group, kind, namespace and name. The
 * version is not part of the key, so {@code apps/v1beta2} and {@code apps/v1} of one Deployment are
 * the same resource.
 *
 * <p>{@code group} is {@code ""} for the core group and {@code namespace} is {@code ""} for
 * cluster-scoped objects. {@link #id()} renders the key as {@code group/kind/namespace/name} with
 * {@code core} standing for the core group and {@code _} for "no namespace"; {@link #parseId}
 * inverts it.
 *
 * @param group the API group, {@code ""} for the core group
 * @param kind the kind, never blank
 * @param namespace the namespace, {@code ""} for cluster-scoped objects
 * @param name the object name, never blank
 */
public record ResourceKey(String group, String kind, String namespace, String name) {

  private static final String CORE_GROUP = "core";
  private static final String NO_NAMESPACE = "_";

  /** Checks that kind and name are set and no part is null. */
  public ResourceKey {
    Objects.requireNonNull(group, "group");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    if (kind.isBlank() || name.isBlank()) {
      throw new IllegalArgumentException("A resource key needs a kind and a name.");
    }
  }

  /**
   * Returns the key as {@code group/kind/namespace/name}, e.g. {@code
   * apps/Deployment/default/simple-app} or {@code core/Namespace/_/foo}.
   */
  public String id() {
    return (group.isEmpty() ? CORE_GROUP : group)
        + "/"
        + kind
        + "/"
        + (namespace.isEmpty() ? NO_NAMESPACE : namespace)
        + "/"
        + name;
  }

  /** Whether the key has no namespace. */
  public boolean clusterScoped() {
    return namespace.isEmpty();
  }

  /**
   * Parses an id rendered by {@link #id()}.
   *
   * @throws IllegalArgumentException when the id does not have four non-empty parts
   */
  public static ResourceKey parseId(String id) {
    String[] parts = Objects.requireNonNull(id, "id").split("/", -1);
    if (parts.length != 4 || anyEmpty(parts)) {
      throw new IllegalArgumentException(
          "A resource id has the form group/kind/namespace/name, got: " + id);
    }
    String group = CORE_GROUP.equals(parts[0]) ? "" : parts[0];
    String namespace = NO_NAMESPACE.equals(parts[2]) ? "" : parts[2];
    return new ResourceKey(group, parts[1], namespace, parts[3]);
  }

  /**
   * Reads the key of an object from its {@code apiVersion}, {@code kind}, {@code metadata.name} and
   * {@code metadata.namespace} (absent or empty: {@code ""}). The object is taken as it is: no
   * namespace defaulting and no cluster-scope check happen here.
   *
   * @throws IllegalArgumentException when apiVersion, kind or metadata.name is missing
   */
  public static ResourceKey of(ObjectNode object) {
    String apiVersion = text(object.get("apiVersion"));
    String kind = text(object.get("kind"));
    JsonNode metadata = object.path("metadata");
    String name = text(metadata.get("name"));
    if (apiVersion.isBlank() || kind.isBlank() || name.isBlank()) {
      throw new IllegalArgumentException("The object needs apiVersion, kind and metadata.name.");
    }
    return new ResourceKey(groupOf(apiVersion), kind, text(metadata.get("namespace")), name);
  }

  /**
   * Returns the group part of an apiVersion: {@code "apps"} for {@code apps/v1}, {@code ""} for v1.
   */
  public static String groupOf(String apiVersion) {
    int slash = apiVersion.indexOf('/');
    return slash < 0 ? "" : apiVersion.substring(0, slash);
  }

  /**
   * The key for a person: {@code ConfigMap big (namespace default)}, {@code ClusterRole reader
   * (cluster-scoped)}.
   */
  String describe() {
    return kind
        + " "
        + name
        + (clusterScoped() ? " (cluster-scoped)" : " (namespace " + namespace + ")");
  }

  /**
   * kapp's description of a resource, as its messages and diff headers print it: {@code
   * deployment/simple-app (apps/v1) namespace: default}, {@code namespace/foo (v1) cluster};
   * without the parenthesis when {@code apiVersion} is null.
   */
  public String kappDescription(String apiVersion) {
    return kind.toLowerCase(Locale.ROOT)
        + "/"
        + name
        + (apiVersion == null ? "" : " (" + apiVersion + ")")
        + (clusterScoped() ? " cluster" : " namespace: " + namespace);
  }

  /** Returns {@link #id()}, so keys read well in messages and test failures. */
  @Override
  public String toString() {
    return id();
  }

  private static boolean anyEmpty(String[] parts) {
    for (String part : parts) {
      if (part.isEmpty()) {
        return true;
      }
    }
    return false;
  }

  private static String text(JsonNode node) {
    return node != null && node.isTextual() ? node.textValue() : "";
  }
}
