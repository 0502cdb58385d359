package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A parsed deploy body: the resources in manifest order, and the kapp {@code Config} documents
 * ({@code apiVersion: kapp.k14s.io/v1alpha1, kind: Config}), which configure the deploy (rebase
 * rules, ...) and are never applied to the cluster.
 *
 * @param resources the resources, in manifest order, keys unique (identical duplicates counted
 *     once); ConfigMaps labelled {@code kapp.k14s.io/config} included, as kapp deploys them too
 * @param configs the kapp Config documents and the Configs read from labelled ConfigMaps, in
 *     manifest order
 */
public record Manifest(List<Resource> resources, List<ObjectNode> configs) {

  /** Copies both lists. */
  public Manifest {
    resources = List.copyOf(resources);
    configs = List.copyOf(configs);
  }

  /** A manifest without resources: deploying it deletes everything the app had. */
  public static Manifest empty() {
    return new Manifest(List.of(), List.of());
  }

  /** A manifest of the given resources and no configs. */
  public static Manifest of(List<Resource> resources) {
    return new Manifest(resources, List.of());
  }

  /** The resources by key, in manifest order. */
  public Map<ResourceKey, Resource> byKey() {
    var byKey = new LinkedHashMap<ResourceKey, Resource>();
    resources.forEach(resource -> byKey.put(resource.key(), resource));
    return byKey;
  }

  /** The namespaces the resources live in, sorted; cluster-scoped resources add none. */
  public Set<String> namespaces() {
    var namespaces = new TreeSet<String>();
    for (Resource resource : resources) {
      if (!resource.key().clusterScoped()) {
        namespaces.add(resource.key().namespace());
      }
    }
    return namespaces;
  }
}
