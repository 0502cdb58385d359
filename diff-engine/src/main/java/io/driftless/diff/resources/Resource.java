package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Objects;

/**
 * One desired Kubernetes object of a manifest, with its key and apiVersion pulled out.
 *
 * <p>{@code object} is the full desired object as the deploy client sent it, except that {@link
 * ManifestParser} wrote the default namespace into namespaced objects that had none and removed any
 * namespace from cluster-scoped ones. The tree is shared, not copied: treat it as read-only.
 *
 * @param key the resource key
 * @param apiVersion the apiVersion as written, e.g. {@code apps/v1}
 * @param object the full desired object
 */
public record Resource(ResourceKey key, String apiVersion, ObjectNode object) {

  /** Checks that no part is null. */
  public Resource {
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(apiVersion, "apiVersion");
    Objects.requireNonNull(object, "object");
  }

  /**
   * Builds a resource from an object that already carries its final namespace (or none).
   *
   * @throws IllegalArgumentException when apiVersion, kind or metadata.name is missing
   */
  public static Resource of(ObjectNode object) {
    return new Resource(ResourceKey.of(object), object.get("apiVersion").textValue(), object);
  }

  /** The same resource under another name (metadata.name and key), on a copy of the object. */
  public Resource renamed(String name) {
    ObjectNode copy = object.deepCopy();
    copy.withObject("metadata").put("name", name);
    return new Resource(
        new ResourceKey(key.group(), key.kind(), key.namespace(), name), apiVersion, copy);
  }

  /** The kind, as in the key. */
  public String kind() {
    return key.kind();
  }
}
