package io.driftless.command.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ClusterScope;
import io.driftless.diff.resources.GroupKind;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.ResourceTypes;
import io.driftless.diff.text.ServerFields;
import io.driftless.shared.DaemonThreads;
import io.fabric8.kubernetes.api.Pluralize;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * {@link ClusterGateway} on fabric8's generic resources, without API discovery: built-in kinds by
 * fabric8's {@code Pluralize} and the diff engine's scope table, custom kinds by {@link
 * CustomKinds}. What the server answers is checked to be the object asked for.
 */
public final class Fabric8ClusterGateway implements ClusterGateway {

  private static final int NOT_FOUND = 404;

  /**
   * Reads at once ({@link #reads()}): enough to overlap the round trips of a plan's or a wait's
   * LISTs without crowding an API server (kubectl and kapp keep a handful of requests in flight).
   */
  static final int PARALLEL_READS = 4;

  /** How many listed objects' trees are kept ({@link ListedTrees}). */
  static final int LISTED_TREES = 20_000;

  /**
   * How many bytes of LIST answers are kept to compare the next answers with ({@link ListBodies}).
   */
  static final long LIST_BODY_BYTES = 16L << 20;

  private final KubernetesClient client;
  private final ObjectMapper mapper = Serialization.jsonMapper();
  private final CustomKinds customKinds;
  private final WriteObserver observer;
  private final ListedTrees listed = new ListedTrees(LISTED_TREES);
  private final RawLists lists;
  private final ListBodies bodies = new ListBodies(LIST_BODY_BYTES);
  // idle threads end after a while: tests make many gateways, a server one
  private final ThreadPoolExecutor reads =
      new ThreadPoolExecutor(
          PARALLEL_READS,
          PARALLEL_READS,
          30,
          TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(),
          DaemonThreads.numbered("cluster-read"));

  public Fabric8ClusterGateway(KubernetesClient client) {
    this(client, WriteObserver.NONE);
  }

  /** Driftless's field manager in a server-side apply. */
  public static final String FIELD_MANAGER = "driftless";

  /** A gateway that tells {@code observer} of each of its writes (the watches). */
  Fabric8ClusterGateway(KubernetesClient client, WriteObserver observer) {
    this.client = client;
    this.customKinds = new CustomKinds(client);
    this.lists = new RawLists(client);
    this.observer = observer;
    reads.allowCoreThreadTimeOut(true);
  }

  /** {@value #PARALLEL_READS} reads at once, on daemon threads that end when idle. */
  @Override
  public Executor reads() {
    return reads;
  }

  @Override
  public Optional<ObjectNode> get(ResourceKey key, String apiVersion) {
    var context = context(key, apiVersion, "read");
    if (context.isEmpty()) {
      // Its CRD is declared by the manifest but not in the cluster yet: no such object exists.
      return Optional.empty();
    }
    var live = call("read", key, () -> resource(key, context.get(), null).get());
    return Optional.ofNullable(live).map(found -> checked("read", key, context.get(), found));
  }

  @Override
  public ObjectNode create(ResourceKey key, ObjectNode object) {
    var context = required(key, apiVersion(object), "create");
    return written(
        "create", key, apiVersion(object), context, () -> resource(key, context, object).create());
  }

  @Override
  public ObjectNode update(ResourceKey key, ObjectNode object, String resourceVersion) {
    var withVersion = object.deepCopy();
    withVersion.withObject("metadata").put("resourceVersion", resourceVersion);
    var context = required(key, apiVersion(object), "update");
    return written(
        "update",
        key,
        apiVersion(object),
        context,
        () -> resource(key, context, withVersion).update());
  }

  /**
   * {@inheritDoc}
   *
   * <p>fabric8's server-side apply: {@code PATCH} with {@code application/apply-patch+yaml}, {@code
   * fieldManager=driftless} and, when forced, {@code force=true}. Server fields ({@code
   * resourceVersion}, {@code uid}, {@code managedFields}, timestamps) and {@code status} are not
   * sent: an apply states only the fields the manager owns. A conflict is a {@link
   * FieldConflictException} naming the fields and their managers.
   */
  @Override
  public ObjectNode apply(ResourceKey key, ObjectNode object, boolean force) {
    var intent = ServerFields.strip(object);
    var context = required(key, apiVersion(object), "apply");
    return written(
        "apply",
        key,
        apiVersion(object),
        context,
        () -> {
          var applied = resource(key, context, intent).fieldManager(FIELD_MANAGER);
          try {
            return force ? applied.forceConflicts().serverSideApply() : applied.serverSideApply();
          } catch (KubernetesClientException e) {
            throw FieldConflictException.of(key, e).map(RuntimeException.class::cast).orElse(e);
          }
        });
  }

  /**
   * {@inheritDoc}
   *
   * <p>An object that is not there is deleted already: a {@code 404}, or a custom kind that no
   * CustomResourceDefinition declares any more (the API server deletes a CRD's objects with it),
   * answers false, never a failure.
   */
  @Override
  public boolean delete(ResourceKey key, String apiVersion) {
    Optional<ResourceDefinitionContext> context;
    try {
      context = context(key, apiVersion, "delete");
    } catch (ClusterException e) {
      if (e.status() == NOT_FOUND) {
        return false;
      }
      throw e;
    }
    if (context.isEmpty()) {
      return false;
    }
    observer.writing(key, apiVersion);
    try {
      var details = call("delete", key, () -> resource(key, context.get(), null).delete());
      observer.wrote(key, apiVersion, null);
      return details != null && !details.isEmpty();
    } catch (ClusterException e) {
      observer.failed(key, apiVersion);
      if (e.status() == NOT_FOUND) {
        return false;
      }
      throw e;
    } catch (RuntimeException e) {
      observer.failed(key, apiVersion);
      throw e;
    }
  }

  @Override
  public List<String> labelled(ResourceKey probe, String apiVersion, String label, String value) {
    return list(probe, apiVersion, label, value).stream()
        .map(item -> item.path("metadata").path("name").asText())
        .toList();
  }

  @Override
  public Optional<List<ObjectNode>> labelledObjects(
      ResourceKey probe, String apiVersion, String label, String value) {
    return Optional.of(list(probe, apiVersion, label, value));
  }

  /**
   * {@inheritDoc}
   *
   * <p>{@code labelledObjects} without the selector, made only when the list's path is the probe's
   * namespace (or, for a cluster-scoped kind, the cluster): a built-in kind by the diff engine's
   * scope table, a custom kind by its CRD.
   */
  @Override
  public Optional<List<ObjectNode>> objects(ResourceKey probe, String apiVersion) {
    var context = context(probe, apiVersion, "list");
    if (context.isEmpty()) {
      // Its CRD is declared by the manifest but not in the cluster yet: no such object exists.
      return Optional.of(List.of());
    }
    var clusterScoped =
        new GroupKind(context.get().getGroup(), probe.kind()).builtInGroup()
            ? ClusterScope.isClusterScoped(apiVersion, probe.kind())
            : !context.get().isNamespaceScoped();
    if (clusterScoped != probe.namespace().isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(list(probe, apiVersion, null, null));
  }

  /**
   * A list's items as trees, each with its kind and apiVersion; an item listed before at the same
   * resourceVersion gets the tree made then ({@link ListedTrees}), read only.
   */
  private List<ObjectNode> nodes(
      ResourceKey probe, String apiVersion, List<GenericKubernetesResource> items) {
    var objects = new ArrayList<ObjectNode>();
    for (var item : items) {
      objects.add(listed.tree(probe.kind(), apiVersion, item, i -> node(probe, apiVersion, i)));
    }
    return objects;
  }

  private ObjectNode node(ResourceKey probe, String apiVersion, GenericKubernetesResource item) {
    ObjectNode node = mapper.valueToTree(item);
    // An API server's list items may leave out their type: the list's kind tells it.
    if (node.path("kind").asText("").isEmpty()) {
      node.put("kind", probe.kind());
    }
    if (node.path("apiVersion").asText("").isEmpty()) {
      node.put("apiVersion", apiVersion);
    }
    return node;
  }

  /**
   * One LIST of a kind in the probe's namespace (all, if it has none), label-selected unless {@code
   * label} is null, as trees. The answer is read as bytes ({@link RawLists}); one with the same
   * items as the last answer to the same URL gets that answer's trees ({@link ListBodies}).
   */
  private List<ObjectNode> list(ResourceKey probe, String apiVersion, String label, String value) {
    var context = context(probe, apiVersion, "list");
    if (context.isEmpty()) {
      // Its CRD is declared by the manifest but not in the cluster yet: no such object exists.
      return List.of();
    }
    var namespace =
        context.get().isNamespaceScoped() && !probe.namespace().isEmpty()
            ? probe.namespace()
            : null;
    var url = lists.url(context.get(), namespace, label, value);
    var body = call("list", probe, () -> lists.get(url));
    return bodies.trees(url, body, () -> nodes(probe, apiVersion, lists.items(body)));
  }

  /** A create or update, told to the observer before and after. */
  private ObjectNode written(
      String what,
      ResourceKey key,
      String apiVersion,
      ResourceDefinitionContext context,
      Supplier<GenericKubernetesResource> write) {
    observer.writing(key, apiVersion);
    try {
      var answer = call(what, key, write);
      var node = checked(what, key, context, answer);
      observer.wrote(key, apiVersion, answer);
      return node;
    } catch (RuntimeException e) {
      observer.failed(key, apiVersion);
      throw e;
    }
  }

  /** The path of a watched kind; empty for a custom kind the cluster does not serve yet. */
  Optional<ResourceDefinitionContext> watchContext(WatchedKind kind) {
    var probe = new ResourceKey(kind.group(), kind.kind(), "default", "watch");
    return context(probe, kind.apiVersion(), "watch");
  }

  @Override
  public void learnCustomKind(String group, String kind, String plural, Boolean namespaced) {
    customKinds.learn(new GroupKind(group, kind), plural, namespaced);
  }

  private Resource<GenericKubernetesResource> resource(
      ResourceKey key, ResourceDefinitionContext context, ObjectNode object) {
    var operation = client.genericKubernetesResources(context);
    var namespaced = context.isNamespaceScoped() && !key.namespace().isEmpty();
    if (object != null) {
      var item = mapper.convertValue(object, GenericKubernetesResource.class);
      if (!namespaced && item.getMetadata() != null) {
        // A kind only the cluster's CRD showed to be cluster-scoped: the manifest gave it one.
        item.getMetadata().setNamespace(null);
      }
      return namespaced
          ? operation.inNamespace(key.namespace()).resource(item)
          : operation.resource(item);
    }
    return namespaced
        ? operation.inNamespace(key.namespace()).withName(key.name())
        : operation.withName(key.name());
  }

  /** The context of a write: a custom kind must be known by now. */
  private ResourceDefinitionContext required(ResourceKey key, String apiVersion, String what) {
    return context(key, apiVersion, what)
        .orElseThrow(
            () ->
                new ClusterException(
                    what
                        + " "
                        + key.id()
                        + " failed: the CustomResourceDefinition of "
                        + key.kind()
                        + " ("
                        + key.group()
                        + ") is not in the cluster",
                    404,
                    null));
  }

  /**
   * The path of a kind; empty for a custom kind that a manifest's CRD declares but the cluster does
   * not serve yet.
   *
   * @throws UnknownKindException for a custom kind no CRD declares, in the manifests or the cluster
   */
  Optional<ResourceDefinitionContext> context(ResourceKey key, String apiVersion, String what) {
    if (apiVersion == null || apiVersion.isEmpty()) {
      throw new ClusterException(
          what
              + " "
              + key.id()
              + " failed: its apiVersion is not known (nothing recorded one, and "
              + key.kind()
              + " is not of a built-in group)",
          0,
          null);
    }
    var slash = apiVersion.indexOf('/');
    var group = slash < 0 ? "" : apiVersion.substring(0, slash);
    var version = apiVersion.substring(slash + 1);
    checkPathParts(what, key, apiVersion);
    var builder =
        new ResourceDefinitionContext.Builder()
            .withGroup(group)
            .withVersion(version)
            .withKind(key.kind());
    var type = new GroupKind(group, key.kind());
    if (type.builtInGroup()) {
      return Optional.of(
          builder
              .withPlural(
                  plural(what, key, Pluralize.toPlural(key.kind().toLowerCase(Locale.ROOT))))
              .withNamespaced(
                  !ClusterScope.isClusterScoped(apiVersion, key.kind())
                      && !key.namespace().isEmpty())
              .build());
    }
    var known = call("read the CustomResourceDefinition for", key, () -> customKinds.resolve(type));
    if (known.isEmpty() && customKinds.declared(type)) {
      return Optional.empty();
    }
    var kind = known.orElseThrow(() -> new UnknownKindException(what, key, group));
    return Optional.of(
        builder
            .withPlural(plural(what, key, kind.plural()))
            .withNamespaced(kind.namespaced())
            .build());
  }

  /**
   * Refuses, before any request, a key or apiVersion whose parts would not be one clean path
   * segment each (issue 32): the parser refuses such a manifest with 422, so this guards what comes
   * from elsewhere (an event stored by an older version, a CRD read from the cluster).
   */
  private static void checkPathParts(String what, ResourceKey key, String apiVersion) {
    var bad = new ArrayList<String>();
    if (!ResourceTypes.isApiVersion(apiVersion)) {
      bad.add("apiVersion");
    }
    if (!ResourceTypes.isKind(key.kind())) {
      bad.add("kind");
    }
    if (!ResourceTypes.isNamespace(key.namespace())) {
      bad.add("namespace");
    }
    if (!ResourceTypes.isPathSafeName(key.name())) {
      bad.add("name");
    }
    if (!bad.isEmpty()) {
      throw unsafePath(what, key, String.join(", ", bad));
    }
  }

  private static String plural(String what, ResourceKey key, String plural) {
    if (!ResourceTypes.isPlural(plural)) {
      throw unsafePath(what, key, "plural");
    }
    return plural;
  }

  private static ClusterException unsafePath(String what, ResourceKey key, String parts) {
    return new ClusterException(
        what
            + " "
            + key.id()
            + " refused before it was sent: its "
            + parts
            + " would not be a valid part of the request's path",
        0,
        null);
  }

  /**
   * The object the server answered, checked to be the one asked for: same kind, name and (for a
   * namespaced object) namespace; never a list or a {@code Status}.
   */
  private ObjectNode checked(
      String what,
      ResourceKey key,
      ResourceDefinitionContext context,
      GenericKubernetesResource answer) {
    ObjectNode node = mapper.valueToTree(answer);
    var kind = node.path("kind").asText("");
    var name = node.path("metadata").path("name").asText("");
    var namespace = node.path("metadata").path("namespace").asText("");
    var namespaced = context.isNamespaceScoped() && !key.namespace().isEmpty();
    var same =
        kind.equals(key.kind())
            && name.equals(key.name())
            && (!namespaced || namespace.isEmpty() || namespace.equals(key.namespace()));
    if (!same) {
      throw new ClusterException(
          what
              + " "
              + key.id()
              + ": the cluster answered with "
              + (kind.isEmpty() ? "an object without a kind" : kind)
              + (name.isEmpty() ? "" : " " + (namespace.isEmpty() ? "" : namespace + "/") + name)
              + ", not the object asked for",
          0,
          null);
    }
    return node;
  }

  private static String apiVersion(ObjectNode object) {
    return object.path("apiVersion").asText();
  }

  private static <T> T call(String what, ResourceKey key, Supplier<T> operation) {
    try {
      return operation.get();
    } catch (KubernetesClientException e) {
      var reason = e.getStatus() != null ? e.getStatus().getMessage() : e.getMessage();
      throw new ClusterException(
          what + " " + key.id() + " failed (" + e.getCode() + "): " + reason, e.getCode(), e);
    }
  }
}
