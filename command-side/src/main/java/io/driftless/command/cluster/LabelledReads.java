package io.driftless.command.cluster;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ResourceKey;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Objects read per kind, as kapp reads them: one label-selected LIST per (apiVersion, kind,
 * namespace) the first time a key of it is asked for ({@link ClusterGateway#labelledObjects}), then
 * the listed objects by name; a GET only for a key its kind's list did not hold (an object without
 * the label: not owned yet, another app's, or none), or whose kind cannot be listed (a gateway that
 * cannot list, a kind the cluster refuses to list: each GET then says for itself what is wrong).
 * Where two or more keys of one kind are not in its labelled list (a first deploy: none of its
 * objects exists yet), {@link #listUnlabelled} reads them with one unlabelled LIST of the kind in
 * the namespace ({@link ClusterGateway#objects}) instead of one GET each.
 *
 * <p>{@link #listEach} makes the labelled LISTs of many kinds at once, on the gateway's {@link
 * ClusterGateway#reads() reads} (as kapp lists its resource types in parallel): a plan or a wait's
 * poll over 27 kinds costs about the slowest list, not their sum.
 *
 * <p>One instance is one look at the cluster: it never lists a kind twice. What a plan compares
 * with ({@code plan/LiveObjects}) is one instance; a wait ({@code apply/wait/Waiter}) takes a new
 * one per poll, so that every poll reads each kind it waits on once, however many objects of it are
 * waited for. Not thread-safe.
 */
public final class LabelledReads {

  private static final Logger log = LoggerFactory.getLogger(LabelledReads.class);

  /** What one LIST covers. */
  private record Kind(String apiVersion, String group, String kind, String namespace) {

    static Kind of(ResourceKey key, String apiVersion) {
      return new Kind(apiVersion, key.group(), key.kind(), key.namespace());
    }

    /** What an API server lists at any version of the group: group, kind and namespace. */
    List<String> sameObjects() {
      return List.of(group, kind, namespace);
    }
  }

  /** The labelled objects of one kind, by name. */
  private interface Names {
    boolean has(String name);

    /** The object; null when it is not there (or, read at another version, no longer). */
    ObjectNode get(String name);
  }

  /** A kind's own labelled list. */
  private record Listed(Map<String, ObjectNode> byName) implements Names {
    @Override
    public boolean has(String name) {
      return byName.containsKey(name);
    }

    @Override
    public ObjectNode get(String name) {
      return byName.get(name);
    }
  }

  private final ClusterGateway cluster;
  private final String label;
  private final String value;
  private final ObjectsAtVersions atVersions;
  // per kind asked for: its labelled objects by name; null when the kind could not be listed
  private final Map<Kind, Names> listed = new HashMap<>();
  // per kind listed without the selector ({@link #listUnlabelled}): all its objects by name
  private final Map<Kind, Map<String, ObjectNode>> all = new HashMap<>();
  // per kind {@link #listEach} did not list: the kind of the same group listed in its place
  private final Map<Kind, Kind> listedAs = new HashMap<>();

  /** Reads through {@code cluster}, listing the objects that carry {@code label=value}. */
  public LabelledReads(ClusterGateway cluster, String label, String value) {
    this(cluster, label, value, null);
  }

  /**
   * Reads as {@link #LabelledReads(ClusterGateway, String, String)}, and {@link #listEach} lists a
   * kind wanted at several apiVersions of its group once (at the version most keys have): an API
   * server lists every object of the kind at any version it serves. A key at another version is
   * then the listed object where both versions have the same fields ({@link SameFieldVersions}),
   * else its object as last read at that version when the list shows the same uid and
   * resourceVersion ({@code atVersions}), else a GET at its version (kept for the next plan).
   */
  public LabelledReads(
      ClusterGateway cluster, String label, String value, ObjectsAtVersions atVersions) {
    this.cluster = cluster;
    this.label = label;
    this.value = value;
    this.atVersions = atVersions;
  }

  /**
   * The object at {@code key}, from its kind's list when it holds it, else by a GET (a null
   * apiVersion is always read by GET).
   *
   * @throws ClusterException when the GET fails
   */
  public Optional<ObjectNode> read(ResourceKey key, String apiVersion) {
    var names = names(key, apiVersion);
    if (names != null && names.has(key.name())) {
      return Optional.ofNullable(names.get(key.name()));
    }
    var unlabelled = apiVersion == null ? null : all.get(Kind.of(key, apiVersion));
    if (unlabelled != null) {
      // the kind's whole list: an object it did not hold was not there
      return Optional.ofNullable(unlabelled.get(key.name()));
    }
    return cluster.get(key, apiVersion);
  }

  /**
   * Lists without the label each (apiVersion, kind, namespace) of which two or more of {@code keys}
   * are not in its labelled list, so that {@link #read} answers them from that one list rather than
   * by a GET each: what a first deploy reads, none of its objects existing yet. A single such key
   * keeps its GET (one small request, where the list may be large); a key of {@code except}, or
   * with a null apiVersion, is not counted; a kind whose labelled list could not be made, or that
   * the gateway cannot list whole ({@link ClusterGateway#objects} empty or refused), is read by
   * GETs as before.
   */
  public void listUnlabelled(Map<ResourceKey, String> keys, Set<ResourceKey> except) {
    var missing = new HashMap<Kind, Integer>();
    var probes = new HashMap<Kind, ResourceKey>();
    keys.forEach(
        (key, apiVersion) -> {
          if (apiVersion == null || except.contains(key)) {
            return;
          }
          var names = names(key, apiVersion);
          if (names != null && !names.has(key.name())) {
            var kind = Kind.of(key, apiVersion);
            missing.merge(kind, 1, Integer::sum);
            probes.putIfAbsent(kind, key);
          }
        });
    missing.forEach(
        (kind, count) -> {
          if (count >= 2 && !all.containsKey(kind)) {
            listAll(kind, probes.get(kind)).ifPresent(found -> all.put(kind, found));
          }
        });
  }

  private Optional<Map<String, ObjectNode>> listAll(Kind kind, ResourceKey probe) {
    try {
      return cluster.objects(probe, kind.apiVersion()).map(items -> byName(kind, items, false));
    } catch (ClusterException e) {
      log.debug(
          "Cannot list all {} {} in '{}': {}",
          kind.apiVersion(),
          kind.kind(),
          kind.namespace(),
          e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * The object at {@code key} if it exists and carries the label: from its kind's list when that
   * kind could be listed (an object the list does not hold is absent or not labelled), else by a
   * GET.
   *
   * @throws ClusterException when the GET fails
   */
  public Optional<ObjectNode> labelled(ResourceKey key, String apiVersion) {
    var names = names(key, apiVersion);
    if (names != null) {
      return Optional.ofNullable(names.get(key.name()));
    }
    return cluster
        .get(key, apiVersion)
        .filter(found -> value.equals(found.path("metadata").path("labels").path(label).asText()));
  }

  /**
   * Lists the kinds of {@code keys} that were not listed yet, at once: each (apiVersion, kind,
   * namespace) once, on the gateway's {@link ClusterGateway#reads() reads}; keys with a null
   * apiVersion are skipped. A kind that cannot be listed (any {@link ClusterException}, a custom
   * kind no CRD declares included) is read by GETs later, as when a read lists it; anything else a
   * list throws is thrown here, the first kind's first.
   */
  public void listEach(Map<ResourceKey, String> keys) {
    var wanted = new LinkedHashMap<Kind, ResourceKey>();
    keys.forEach(
        (key, apiVersion) -> {
          if (apiVersion != null) {
            var kind = Kind.of(key, apiVersion);
            if (!listed.containsKey(kind)) {
              wanted.putIfAbsent(kind, key);
            }
          }
        });
    if (atVersions != null) {
      onePerGroup(keys, wanted);
    }
    if (wanted.size() < 2) {
      wanted.forEach((kind, probe) -> names(probe, kind.apiVersion()));
      return;
    }
    var lists = new LinkedHashMap<Kind, CompletableFuture<Optional<Map<String, ObjectNode>>>>();
    wanted.forEach(
        (kind, probe) ->
            lists.put(
                kind, CompletableFuture.supplyAsync(() -> list(kind, probe), cluster.reads())));
    lists.forEach((kind, list) -> listed.put(kind, joined(list).map(Listed::new).orElse(null)));
  }

  /**
   * Leaves out of {@code wanted} every kind whose group, kind and namespace another apiVersion also
   * wants, but the one most of {@code keys} have (then the first in apiVersion order), and notes in
   * {@link #listedAs} which list stands for each kind left out.
   */
  private void onePerGroup(Map<ResourceKey, String> keys, Map<Kind, ResourceKey> wanted) {
    var counts = new HashMap<Kind, Integer>();
    keys.forEach(
        (key, apiVersion) -> {
          if (apiVersion != null) {
            counts.merge(Kind.of(key, apiVersion), 1, Integer::sum);
          }
        });
    var chosen = new HashMap<List<String>, Kind>();
    for (var kind : wanted.keySet()) {
      chosen.merge(
          kind.sameObjects(),
          kind,
          (one, other) -> {
            int byCount = Integer.compare(counts.get(other), counts.get(one));
            return byCount > 0
                    || (byCount == 0 && other.apiVersion().compareTo(one.apiVersion()) < 0)
                ? other
                : one;
          });
    }
    wanted
        .keySet()
        .removeIf(
            kind -> {
              var instead = chosen.get(kind.sameObjects());
              if (instead.equals(kind)) {
                return false;
              }
              listedAs.put(kind, instead);
              return true;
            });
  }

  /**
   * A kind's objects read from the list of the same objects at another apiVersion: those the list
   * holds, each as read at its own version: the listed object with its own apiVersion where the two
   * versions have the same fields ({@link SameFieldVersions}), else the object kept from an earlier
   * read of the same uid and resourceVersion, else a GET.
   */
  private final class AtOtherVersion implements Names {
    private final Kind kind;
    private final Names list;
    private final boolean sameFields;
    private final Map<String, ObjectNode> read = new HashMap<>();

    AtOtherVersion(Kind kind, Kind listedAt, Names list) {
      this.kind = kind;
      this.list = list;
      this.sameFields =
          SameFieldVersions.same(
              kind.group(), kind.kind(), kind.apiVersion(), listedAt.apiVersion());
    }

    @Override
    public boolean has(String name) {
      return list.has(name);
    }

    @Override
    public ObjectNode get(String name) {
      if (read.containsKey(name)) {
        return read.get(name);
      }
      var listedObject = list.get(name);
      ObjectNode object = null;
      if (listedObject != null && sameFields) {
        object = listedObject.deepCopy().put("apiVersion", kind.apiVersion());
      } else if (listedObject != null) {
        var key = new ResourceKey(kind.group(), kind.kind(), kind.namespace(), name);
        object =
            atVersions
                .get(
                    key,
                    kind.apiVersion(),
                    ObjectsAtVersions.uid(listedObject),
                    ObjectsAtVersions.resourceVersion(listedObject))
                .orElseGet(() -> fetched(key));
      }
      read.put(name, object);
      return object;
    }

    private ObjectNode fetched(ResourceKey key) {
      var found =
          cluster
              .get(key, kind.apiVersion())
              .filter(o -> value.equals(o.path("metadata").path("labels").path(label).asText()));
      found.ifPresent(object -> atVersions.keep(key, kind.apiVersion(), object));
      return found.orElse(null);
    }
  }

  private static <T> T joined(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      if (e.getCause() instanceof Error cause) {
        throw cause;
      }
      throw e;
    }
  }

  private Names names(ResourceKey key, String apiVersion) {
    if (apiVersion == null) {
      return null;
    }
    var kind = Kind.of(key, apiVersion);
    if (!listed.containsKey(kind)) {
      var instead = listedAs.get(kind);
      var other = instead == null ? null : listed.get(instead);
      listed.put(
          kind,
          other != null
              ? new AtOtherVersion(kind, instead, other)
              : list(kind, key).<Names>map(Listed::new).orElse(null));
    }
    return listed.get(kind);
  }

  private Optional<Map<String, ObjectNode>> list(Kind kind, ResourceKey probe) {
    Optional<List<ObjectNode>> items;
    try {
      items = cluster.labelledObjects(probe, kind.apiVersion(), label, value);
    } catch (ClusterException e) {
      log.debug(
          "Cannot list {} {} in '{}': {}",
          kind.apiVersion(),
          kind.kind(),
          kind.namespace(),
          e.getMessage());
      items = Optional.empty();
    }
    return items.map(found -> byName(kind, found, true));
  }

  private Map<String, ObjectNode> byName(Kind kind, List<ObjectNode> items, boolean labelled) {
    var names = new HashMap<String, ObjectNode>();
    for (var item : items) {
      var metadata = item.path("metadata");
      // a list of every namespace (a key without one) holds same-named objects of others: only an
      // object of the key's own namespace (or of none) stands for the key
      if (metadata.path("namespace").asText("").equals(kind.namespace())
          && (!labelled || value.equals(metadata.path("labels").path(label).asText()))) {
        names.put(metadata.path("name").asText(), item);
      }
    }
    return names;
  }
}
