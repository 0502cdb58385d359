package io.driftless.command.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.diff.resources.ResourceKey;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live objects a plan compares with, read per kind as kapp reads them: one label-selected LIST
 * per apiVersion, kind and namespace of the app's keys (the objects labelled for the app), then a
 * GET for each key the lists did not hold (an object not labelled for the app yet: one to adopt,
 * one another app owns, one edited outside, or none). An unchanged redeploy or a reconcile of an
 * app whose objects all carry its label costs one request per (kind, namespace), whatever the
 * number of objects. A kind that cannot be listed is read object by object, as before.
 */
final class LiveObjects {

  private static final Logger log = LoggerFactory.getLogger(LiveObjects.class);

  /** What one LIST covers. */
  private record Kind(String apiVersion, String group, String kind, String namespace) {

    static Kind of(ResourceKey key, String apiVersion) {
      return new Kind(apiVersion, key.group(), key.kind(), key.namespace());
    }
  }

  private final ClusterGateway cluster;
  private final String label;
  private final String value;
  // per listed kind: its labelled objects by name; absent when the kind was not (or could not be)
  // listed
  private final Map<Kind, Map<String, ObjectNode>> listed = new HashMap<>();
  private final Map<ResourceKey, ObjectNode> objects = new HashMap<>();

  private LiveObjects(ClusterGateway cluster, String label, String value) {
    this.cluster = cluster;
    this.label = label;
    this.value = value;
  }

  /**
   * Reads the live objects of {@code apiVersions}' keys, each with its apiVersion (a null
   * apiVersion is read by GET), listing the objects that carry {@code label=value}.
   *
   * @param labelledOnly keys whose object counts only if it carries the label: not read by a GET
   *     when their kind's list did not hold them (the name of a versioned resource, deployed as
   *     {@code <name>-ver-N}: kapp considers only the app's labelled objects there)
   */
  static LiveObjects read(
      ClusterGateway cluster,
      Map<ResourceKey, String> apiVersions,
      Set<ResourceKey> labelledOnly,
      String label,
      String value) {
    var live = new LiveObjects(cluster, label, value);
    apiVersions.forEach(
        (key, apiVersion) -> {
          if (apiVersion != null) {
            live.list(Kind.of(key, apiVersion), key);
          }
        });
    apiVersions.forEach(
        (key, apiVersion) -> {
          var found =
              labelledOnly.contains(key)
                  ? live.labelled(key, apiVersion)
                  : live.read(key, apiVersion);
          found.ifPresent(object -> live.objects.put(key, object));
        });
    return live;
  }

  /** The live objects found, by key. */
  Map<ResourceKey, ObjectNode> objects() {
    return objects;
  }

  /**
   * The object at {@code key} if it exists and carries the label; from its kind's list when that
   * kind was listed (an object the list did not hold is absent or not labelled), else by a GET.
   */
  Optional<ObjectNode> labelled(ResourceKey key, String apiVersion) {
    var names = apiVersion == null ? null : listed.get(Kind.of(key, apiVersion));
    if (names != null) {
      return Optional.ofNullable(names.get(key.name()));
    }
    return cluster
        .get(key, apiVersion)
        .filter(found -> value.equals(found.path("metadata").path("labels").path(label).asText()));
  }

  private Optional<ObjectNode> read(ResourceKey key, String apiVersion) {
    var names = apiVersion == null ? null : listed.get(Kind.of(key, apiVersion));
    if (names != null && names.containsKey(key.name())) {
      return Optional.of(names.get(key.name()));
    }
    return cluster.get(key, apiVersion);
  }

  private void list(Kind kind, ResourceKey probe) {
    if (listed.containsKey(kind)) {
      return;
    }
    Optional<List<ObjectNode>> items;
    try {
      items = cluster.labelledObjects(probe, kind.apiVersion(), label, value);
    } catch (ClusterException e) {
      // read object by object instead: each GET says for itself what is wrong
      log.debug(
          "Cannot list {} {} in '{}': {}",
          kind.apiVersion(),
          kind.kind(),
          kind.namespace(),
          e.getMessage());
      items = Optional.empty();
    }
    if (items.isEmpty()) {
      return;
    }
    var names = new HashMap<String, ObjectNode>();
    for (var item : items.get()) {
      var metadata = item.path("metadata");
      // a list of every namespace (a key without one) holds same-named objects of others: only an
      // object of the key's own namespace (or of none) stands for the key
      if (metadata.path("namespace").asText("").equals(kind.namespace())
          && value.equals(metadata.path("labels").path(label).asText())) {
        names.put(metadata.path("name").asText(), item);
      }
    }
    listed.put(kind, names);
  }
}
