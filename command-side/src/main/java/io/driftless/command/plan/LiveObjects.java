package io.driftless.command.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.cluster.LabelledReads;
import io.driftless.command.cluster.ObjectsAtVersions;
import io.driftless.diff.resources.ResourceKey;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The live objects a plan compares with, read per kind as kapp reads them: one label-selected LIST
 * per apiVersion, kind and namespace of the app's keys (the objects labelled for the app), then a
 * GET for each key the lists did not hold (an object not labelled for the app yet: one to adopt,
 * one another app owns, one edited outside, or none), except where two or more keys of one
 * (apiVersion, kind, namespace) were not in its labelled list: those are read with one unlabelled
 * LIST of the kind in the namespace (a first deploy, whose objects do not exist yet, costs two
 * LISTs per kind and namespace rather than a GET per object). An unchanged redeploy or a reconcile
 * of an app whose objects all carry its label costs one request per (kind, namespace), whatever the
 * number of objects; the kinds' lists are made at once ({@link LabelledReads#listEach}). A kind
 * that cannot be listed is read object by object, as before. A kind the app has at several
 * apiVersions of its group (knative's HorizontalPodAutoscalers) is listed once, as an API server
 * lists it at any of them ({@link ObjectsAtVersions}). The reads themselves are {@link
 * LabelledReads}, shared with the apply's waits.
 */
final class LiveObjects {

  private final LabelledReads reads;
  private final Map<ResourceKey, ObjectNode> objects = new HashMap<>();

  private LiveObjects(LabelledReads reads) {
    this.reads = reads;
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
      ObjectsAtVersions atVersions,
      Map<ResourceKey, String> apiVersions,
      Set<ResourceKey> labelledOnly,
      String label,
      String value) {
    var live = new LiveObjects(new LabelledReads(cluster, label, value, atVersions));
    // every kind's labelled list first, then one unlabelled list of each kind of which two or
    // more keys were not in it (a first deploy), then the GETs of what the lists did not hold
    live.reads.listEach(apiVersions);
    live.reads.listUnlabelled(apiVersions, labelledOnly);
    apiVersions.forEach(
        (key, apiVersion) -> {
          var found =
              labelledOnly.contains(key)
                  ? live.reads.labelled(key, apiVersion)
                  : live.reads.read(key, apiVersion);
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
    return reads.labelled(key, apiVersion);
  }
}
