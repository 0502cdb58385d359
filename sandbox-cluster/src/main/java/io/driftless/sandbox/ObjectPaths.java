package io.driftless.sandbox;

import static io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor.API;
import static io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor.NAME;
import static io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor.NAMESPACE;
import static io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor.PLURAL;
import static io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor.VERSION;

import io.fabric8.mockwebserver.crud.AttributeSet;

/**
 * An object's own API path, rebuilt from the attributes the CRUD dispatcher filed it under. The
 * dispatcher keys each object by attributes taken from its request path (group, version, namespace,
 * plural, name) merged with attributes of the object itself; the plural of a kind that is not built
 * into fabric8's model exists only in the path. Filing the object again under this path gives back
 * the same key.
 */
final class ObjectPaths {

  private ObjectPaths() {}

  static String of(AttributeSet key) {
    var group = value(key, API);
    var path = new StringBuilder(group == null ? "/api" : "/apis/" + group);
    append(path, "", value(key, VERSION));
    append(path, "namespaces/", value(key, NAMESPACE));
    append(path, "", required(key, PLURAL));
    append(path, "", required(key, NAME));
    return path.toString();
  }

  private static void append(StringBuilder path, String prefix, String segment) {
    if (segment != null) {
      path.append('/').append(prefix).append(segment);
    }
  }

  private static String required(AttributeSet key, String name) {
    var value = value(key, name);
    if (value == null) {
      throw new IllegalStateException("an object without a " + name + ": " + key);
    }
    return value;
  }

  private static String value(AttributeSet key, String name) {
    var attribute = key.getAttribute(name);
    if (attribute == null || attribute.getValues().isEmpty()) {
      return null;
    }
    var value = attribute.getValues().get(0).toString();
    return value == null || value.isEmpty() ? null : value;
  }
}
