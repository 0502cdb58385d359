package io.driftless.sandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.controllers.Change;
import io.driftless.sandbox.controllers.Controller;
import io.driftless.sandbox.controllers.Controllers;
import io.driftless.sandbox.discovery.Discovery;
import io.driftless.sandbox.discovery.Tables;
import io.driftless.sandbox.objects.ApiObject;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectStore;
import io.driftless.sandbox.objects.ObjectType;
import io.driftless.sandbox.patch.PatchException;
import io.driftless.sandbox.patch.PatchSchema;
import io.driftless.sandbox.patch.Patches;
import io.driftless.sandbox.server.Admission;
import io.driftless.sandbox.server.Admission.Operation;
import io.driftless.sandbox.server.ManagedFields;
import io.driftless.sandbox.server.ServerSideApply;
import io.driftless.sandbox.validation.Invalid;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesResponseComposer;
import io.fabric8.kubernetes.client.server.mock.crud.KubernetesCrudDispatcherException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * fabric8's CRUD dispatcher with its objects kept in an {@link ObjectFile}. Every write request
 * (POST, PUT, PATCH, DELETE) runs under one monitor; when it changed objects, those objects are
 * appended to the store's journal before the answer leaves, and a write that cannot be saved is
 * rolled back (the keys it touched get back what they held) and answered with 500, as an API server
 * answers when etcd refuses a write. Reads of objects, one by name or a list of one kind, are
 * answered from an {@link ObjectIndex} kept in step with the parent's map, looking only at the
 * objects of the kind, namespace and name asked; watches and deletes stay the parent's.
 *
 * <p>Beyond CRUD it plays the API server: every object a request stores passes {@link
 * #processEvent}, where {@link Admission} defaults, mutates, prepares and validates it (a refused
 * object stores nothing and is answered 422) and the server metadata is set (uid, generation,
 * managedFields); a write that changed nothing keeps the stored object and its resourceVersion. The
 * answer carries the object as stored. Then the simulated {@link Controllers} react to the
 * request's changes, writing through the same handlers (and so under the parent's lock) before the
 * state is saved.
 *
 * <p>Limits: a rolled-back write may already have been sent to watchers, and a rolled-back CRD may
 * stay known to the dispatcher until the next restart.
 */
class SandboxDispatcher extends KubernetesCrudDispatcher implements ObjectStore {

  private static final Logger log = LoggerFactory.getLogger(SandboxDispatcher.class);
  // paths fabric8 answers with a list of its custom resources' kinds when it stores none there
  private static final Pattern API_RESOURCES =
      Pattern.compile("/apis(/[a-zA-Z0-9-_.]+)?(/[a-zA-Z0-9-_]+)");

  private final ObjectFile file;
  private final RequestGate gate;
  private final Controllers controllers;
  private final Admission admission;
  private final Discovery discovery;
  private final Tables tables;
  private final ObjectIndex index = new ObjectIndex();
  private final Object writes = new Object();
  private final WriteRequests writeRequests = new WriteRequests();
  private final LongAdder requests = new LongAdder();
  private final RequestCounts requestCounts = new RequestCounts();
  private volatile long lastResourceVersion;
  private boolean changed;
  private boolean restoring;
  private final List<Change> changes = new ArrayList<>();
  private final List<Change> controllerWrites = new ArrayList<>();
  // Of the write under way (guarded by writes): who writes, how, and what was stored for its
  // answer.
  private String manager = "unknown";
  private Operation internal;
  private String stored;
  // the subresource written ("", status or scale) and whether the request is a dry run
  private String subresource = "";
  private boolean dryRun;
  // the fields a server-side apply under way applies, else null
  private Set<List<String>> applying;

  /**
   * A dispatcher saving to {@code file}, or keeping objects in memory only when it is null, running
   * {@code controllers}, answering only the requests {@code gate} lets pass.
   */
  SandboxDispatcher(ObjectFile file, RequestGate gate, Controllers controllers) {
    super(List.of());
    this.file = file;
    this.gate = gate;
    this.controllers = controllers;
    this.admission = new Admission(this, () -> controllers.enabled(Controller.SIDECAR_INJECTOR));
    this.discovery = new Discovery(this::crds);
    this.tables = new Tables(java.time.Clock.systemUTC(), this::crds);
  }

  /** The stored CRDs, each in {@code apiextensions.k8s.io/v1}'s form. */
  private List<ObjectNode> crds() {
    return list(ObjectType.CRD).stream()
        .map(crd -> CrdVersions.converted(crd.object(), "v1"))
        .toList();
  }

  /** The write requests clients sent so far, by field manager. */
  Map<String, Long> writeRequests() {
    return writeRequests.snapshot();
  }

  /** The last resourceVersion issued. */
  long resourceVersion() {
    return lastResourceVersion;
  }

  /** Every request clients sent so far, reads included. */
  long requests() {
    return requests.sum();
  }

  /** The requests the gate let pass, by verb and (while asked) by path. */
  RequestCounts requestCounts() {
    return requestCounts;
  }

  /** Loads the saved objects; returns how many. */
  int restore() throws IOException {
    if (file == null) {
      return 0;
    }
    var snapshot = file.load();
    if (!Files.exists(file.path())) {
      // The store file exists from the first start on (an operator, a backup and the data folder's
      // owner-only check look for it), though writes go to the journal beside it until compaction.
      file.save(snapshot);
    }
    synchronized (writes) {
      restoring = true;
      try {
        for (var object : snapshot.objects()) {
          processEvent(object.path(), getKey(object.path()), null, null, object.json());
        }
      } finally {
        restoring = false;
      }
      while (lastResourceVersion < snapshot.resourceVersion()) {
        requestResourceVersion();
      }
    }
    return snapshot.objects().size();
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    requests.increment();
    var refusal = gate.refusal(request);
    if (refusal != null) {
      log.debug("{} {} -> {} (refused)", request.getMethod(), request.getPath(), refusal.code());
      return refusal;
    }
    var discovered = discovery.answer(request);
    requestCounts.count(request, discovered != null);
    if (discovered != null) {
      return discovered;
    }
    writeRequests.count(request);
    var scaled = Scales.objectPath(request.getPath());
    MockResponse response;
    if (scaled != null) {
      response = scale(request, scaled);
    } else if (request.method() == HttpMethod.DELETE && !Answers.collection(request.getPath())) {
      // DeleteOptions may ask for a dry run in the body (kubectl delete --dry-run=server)
      response = delete(request.getPath(), DryRun.requested(request));
    } else {
      response = super.dispatch(request);
    }
    response = tables.finish(request, response);
    if (log.isDebugEnabled()) {
      log.debug(
          "{} {} -> {}",
          request.getMethod(),
          request.getPath(),
          response == null ? "-" : response.code());
    }
    return response;
  }

  /**
   * GET, PUT or PATCH of a scale subresource: read from, or written as an update of, the object's
   * spec.replicas; a PATCH is applied to the Scale ({@link Patches}), as the API server does.
   */
  private MockResponse scale(RecordedRequest request, String path) {
    if (request.getMethod().equals("GET")) {
      var object = find(path);
      return object == null
          ? Answers.notFound(path)
          : new MockResponse().setResponseCode(200).setBody(Scales.of(object).toString());
    }
    return write(
        request,
        () -> {
          var object = find(path);
          if (object == null) {
            return Answers.notFound(request.getPath());
          }
          var body = request.getBody().readUtf8();
          var scale =
              request.getMethod().equals("PATCH")
                  ? Patches.apply(
                      Patches.type(request.getHeader("Content-Type"), true),
                      Scales.of(object),
                      body)
                  : parse(body);
          var replicas = scale.path("spec").path("replicas");
          if (!replicas.canConvertToInt()) {
            return Answers.status(
                422,
                "Invalid",
                "Scale.autoscaling \""
                    + Nodes.text(object, "metadata", "name")
                    + "\" is invalid: spec.replicas: Required value");
          }
          Nodes.object(object, "spec").put("replicas", replicas.asInt());
          subresource = "scale";
          super.handleUpdate(put(path + query(request.getPath()), object));
          var answer = stored == null ? object : parse(stored);
          stored = null; // the answer is the Scale, not the object
          return new MockResponse().setResponseCode(200).setBody(Scales.of(answer).toString());
        });
  }

  /**
   * A PATCH: the body applied to the stored object by its type ({@link Patches}), then stored as a
   * PUT of the result (so admitted, versioned and watched as one); answered 200 with the object. A
   * patch that names a resourceVersion is a precondition (409 when stale), as on an API server.
   */
  private MockResponse patch(RecordedRequest request) {
    var path = request.getPath();
    var clean = URI.create(path).getPath();
    var status = clean.endsWith("/status");
    var objectPath = status ? clean.substring(0, clean.length() - "/status".length()) : clean;
    var object = find(objectPath);
    var contentType = request.getHeader("Content-Type");
    if (Patches.type(contentType, true) == Patches.Type.APPLY && !status) {
      return apply(request, objectPath, object);
    }
    if (object == null) {
      return Answers.notFound(objectPath);
    }
    var group = ObjectType.of(object).group();
    var type = Patches.type(request.getHeader("Content-Type"), PatchSchema.builtIn(group));
    var patched = Patches.apply(type, object, request.getBody().readUtf8());
    if (!patched.path("metadata").has("resourceVersion")) {
      Nodes.object(patched, "metadata")
          .set("resourceVersion", object.path("metadata").get("resourceVersion"));
    }
    var response = super.handleUpdate(put(path, patched));
    return response.code() == 202 ? response.setResponseCode(200) : response;
  }

  /**
   * A server-side apply ({@link ServerSideApply}): merged, pruned and checked for conflicts, then
   * stored as a PUT (200) or, when there is no object yet, a POST (201).
   */
  private MockResponse apply(RecordedRequest request, String objectPath, ObjectNode object) {
    if (!Managers.named(request)) {
      return Answers.status(
          422,
          "Invalid",
          "PatchOptions.meta.k8s.io \"\" is invalid: fieldManager: Required value: is required"
              + " for apply patch");
    }
    var config = Patches.configuration(request.getBody().readUtf8());
    var force =
        URI.create(request.getPath()).getRawQuery() != null
            && List.of(URI.create(request.getPath()).getRawQuery().split("&"))
                .contains("force=true");
    var merged = ServerSideApply.merge(object, config, manager, force);
    applying = ServerSideApply.applied(config);
    var query = query(request.getPath());
    if (object == null) {
      Nodes.object(merged, "metadata").remove("resourceVersion");
      var collection = objectPath.substring(0, objectPath.lastIndexOf('/'));
      return super.handleCreate(request(HttpMethod.POST, collection + query, merged));
    }
    Nodes.object(merged, "metadata")
        .set("resourceVersion", object.path("metadata").get("resourceVersion"));
    return super.handleUpdate(put(objectPath + query, merged));
  }

  private static RecordedRequest put(String path, ObjectNode object) {
    return request(HttpMethod.PUT, path, object);
  }

  private static RecordedRequest request(HttpMethod method, String path, ObjectNode object) {
    var headers = new Headers.Builder().add("Content-Type", "application/json").build();
    return new RecordedRequest(
        "HTTP/1.1",
        method,
        path,
        headers,
        new Buffer(Serialization.asJson(object).getBytes(StandardCharsets.UTF_8)));
  }

  private static String query(String path) {
    var index = path.indexOf('?');
    return index < 0 ? "" : path.substring(index);
  }

  private ObjectNode find(String path) {
    var entry = findResource(getKey(path));
    return entry == null ? null : parse(entry.getValue());
  }

  @Override
  public MockResponse handleCreate(RecordedRequest request) {
    return write(request, () -> super.handleCreate(request));
  }

  @Override
  public MockResponse handleUpdate(RecordedRequest request) {
    return write(request, () -> super.handleUpdate(request));
  }

  @Override
  public MockResponse handlePatch(RecordedRequest request) {
    return write(request, () -> patch(request));
  }

  @Override
  public MockResponse handleDelete(String path) {
    return delete(path, DryRun.requested(path));
  }

  /**
   * A delete, answered as the API server answers it ({@link Answers#deleted}); a dry run finds the
   * object and deletes nothing.
   */
  private MockResponse delete(String path, boolean dry) {
    if (Answers.collection(path)) {
      return write(null, () -> super.handleDelete(path)); // deletecollection, as fabric8 does it
    }
    var crd = CrdVersions.of(path).filter(CrdVersions.Request::named);
    return write(
        null,
        () -> {
          dryRun = dry;
          var target = path;
          if (crd.isPresent()
              && findResource(getKey(path)) == null
              && findResource(getKey(crd.get().otherPath())) != null) {
            target = crd.get().otherPath(); // a CRD stored at the other version
          }
          var object = find(URI.create(target).getPath());
          if (object == null) {
            return Answers.notFound(target);
          }
          if (dryRun) {
            return Answers.deleted(target, object);
          }
          var response = super.handleDelete(target);
          if (response.code() != 200) {
            return response;
          }
          var left = find(URI.create(target).getPath());
          return left != null
              ? new MockResponse().setResponseCode(200).setBody(left.toString())
              : Answers.deleted(target, object);
        });
  }

  /** A read; CRDs are read at both versions ({@link CrdVersions}). */
  @Override
  public MockResponse handleGet(String path) {
    var response = read(path);
    var crd = CrdVersions.of(path);
    if (crd.isEmpty()) {
      return response;
    }
    return CrdVersions.merged(crd.get(), response, read(crd.get().otherPath()));
  }

  /**
   * A read answered from the {@link ObjectIndex} as fabric8 answers it (one object, 404, or a
   * {@code List} with the counter's resourceVersion); watches, and paths fabric8 answers without
   * its objects, go to fabric8.
   */
  private MockResponse read(String path) {
    var query = path.indexOf('?');
    if (query >= 0 && path.indexOf("watch=true", query) >= 0) { // as fabric8 tells a watch
      return super.handleGet(path);
    }
    var key = getKey(path);
    var found = index.matching(key);
    if (found == null || (found.isEmpty() && API_RESOURCES.matcher(path).matches())) {
      return super.handleGet(path);
    }
    if (key.containsKey(KubernetesAttributesExtractor.NAME)) {
      return found.isEmpty()
          ? new MockResponse().setResponseCode(404)
          : new MockResponse().setResponseCode(200).setBody(found.get(0).json());
    }
    var items = found.stream().map(ObjectIndex.Entry::json).toList();
    var list =
        ((KubernetesResponseComposer) responseComposer)
            .compose(items, String.valueOf(lastResourceVersion));
    return new MockResponse().setResponseCode(200).setBody(list);
  }

  /** The stored object {@code attributes} names, from the {@link ObjectIndex}. */
  @Override
  public Map.Entry<AttributeSet, String> findResource(AttributeSet attributes) {
    var found = index.matching(attributes);
    if (found == null) {
      return super.findResource(attributes);
    }
    return found.isEmpty() ? null : Map.entry(found.get(0).key(), found.get(0).json());
  }

  @Override
  public void reset() {
    var response =
        write(
            null,
            () -> {
              super.reset();
              index.clear();
              changed = true;
              changes.clear();
              return new MockResponse().setResponseCode(200);
            });
    if (response.code() != 200) {
      throw new IllegalStateException(
          "the sandbox could not save its reset state to " + file.path());
    }
  }

  @Override
  public long requestResourceVersion() {
    var next = super.requestResourceVersion();
    lastResourceVersion = next;
    return next;
  }

  @Override
  public void processEvent(
      String path,
      AttributeSet pathAttributes,
      AttributeSet oldAttributes,
      GenericKubernetesResource resource,
      String newState) {
    if (restoring || newState == null) {
      store(path, pathAttributes, oldAttributes, resource, newState);
      changed = true;
      return;
    }
    var before = oldAttributes == null ? null : parse(map.get(oldAttributes));
    var next = parse(newState);
    if (before == null) {
      // fabric8's mock numbers uids from 1 in each JVM, so a restarted sandbox would hand out the
      // uids of its restored objects again; an API server's uids are random UUIDs.
      Nodes.object(next, "metadata").put("uid", UUID.randomUUID().toString());
    }
    var operation = operation(path, before);
    admission.admit(operation, before, next);
    if (before != null && sameContent(before, next)) {
      // Nothing changed once defaulted: the API server does not write, the version stays.
      remember(map.get(oldAttributes));
      return;
    }
    if (applying != null) {
      ManagedFields.stampApply(next, before, manager, applying);
    } else {
      ManagedFields.stamp(
          next, before, manager, operation == Operation.STATUS ? "status" : subresource);
    }
    var json = Serialization.asJson(next);
    if (dryRun) {
      // answered as it would be stored, and not stored: the version is the stored one
      var metadata = Nodes.object(next, "metadata");
      if (before == null) {
        metadata.remove("resourceVersion");
      } else {
        metadata.set("resourceVersion", before.path("metadata").get("resourceVersion"));
      }
      remember(Serialization.asJson(next));
      return;
    }
    store(path, pathAttributes, oldAttributes, null, json);
    changed = true;
    remember(json);
    var name = Nodes.text(next, "metadata", "name");
    changes.add(new Change(before, new ApiObject(objectPath(path, name), next.deepCopy())));
  }

  /**
   * The stored object as fabric8's handlers read it before a write. They copy its {@code
   * metadata.generation}, which kinds without one (ConfigMaps, Services) lack here as on an API
   * server: they get 0 to copy, and {@link Admission} drops it again.
   */
  @Override
  public JsonNode asNode(Map.Entry<AttributeSet, String> resource)
      throws KubernetesCrudDispatcherException {
    var node = asNode(resource.getValue());
    var metadata = node.get("metadata");
    if (metadata instanceof ObjectNode object && !object.has("generation")) {
      object.put("generation", 0);
    }
    return node;
  }

  /** Parses only the objects of the kind ({@link ObjectIndex#ofKind}). */
  @Override
  public List<ApiObject> list(ObjectType type) {
    var objects = new ArrayList<ApiObject>();
    for (var entry : index.ofKind(type.kind())) {
      var object = new ApiObject(ObjectPaths.of(entry.key()), parse(entry.json()));
      if (object.type().equals(type)) {
        objects.add(object);
      }
    }
    return objects;
  }

  @Override
  public void writeStatus(String path, ObjectNode object, String writer) {
    internalWrite(path, object, writer, Operation.STATUS);
  }

  @Override
  public void writeSpec(String path, ObjectNode object, String writer) {
    // the autoscaler's write: through the scale subresource, as the HPA controller's
    var client = subresource;
    subresource = "scale";
    try {
      internalWrite(path, object, writer, Operation.UPDATE);
    } finally {
      subresource = client;
    }
  }

  /**
   * A controller's write, through the parent's PUT handler (so under its lock, watched and
   * versioned like a client's) as {@code writer}; its status writes keep spec and generation.
   */
  private void internalWrite(String path, ObjectNode object, String writer, Operation operation) {
    var body = object.deepCopy();
    Nodes.object(body, "metadata").remove("resourceVersion");
    var headers = new Headers.Builder().add("Content-Type", "application/json").build();
    var request =
        new RecordedRequest(
            "HTTP/1.1",
            HttpMethod.PUT,
            path,
            headers,
            new Buffer(Serialization.asJson(body).getBytes(StandardCharsets.UTF_8)));
    var client = manager;
    var answer = stored;
    var clientApply = applying;
    var pending = new ArrayList<>(changes);
    changes.clear();
    manager = writer;
    internal = operation;
    applying = null;
    try {
      super.handleUpdate(request);
      controllerWrites.addAll(changes);
    } finally {
      manager = client;
      internal = null;
      applying = clientApply;
      stored = answer;
      changes.clear();
      changes.addAll(pending);
    }
  }

  private Operation operation(String path, ObjectNode before) {
    if (internal != null) {
      return internal;
    }
    if (before == null) {
      return Operation.CREATE;
    }
    return path.endsWith("/status") ? Operation.STATUS : Operation.UPDATE;
  }

  private void remember(String json) {
    if (internal == null) {
      stored = json;
    }
  }

  private static boolean sameContent(ObjectNode before, ObjectNode next) {
    var a = before.deepCopy();
    var b = next.deepCopy();
    for (var object : List.of(a, b)) {
      var metadata = Nodes.object(object, "metadata");
      metadata.remove("resourceVersion");
      metadata.remove("managedFields");
    }
    return Nodes.same(a, b);
  }

  /** The object's own path from a request's: a create names the collection. */
  private static String objectPath(String path, String name) {
    var query = path.indexOf('?');
    var clean = query < 0 ? path : path.substring(0, query);
    if (clean.endsWith("/status")) {
      return clean.substring(0, clean.length() - "/status".length());
    }
    return clean.endsWith("/" + name) ? clean : clean + "/" + name;
  }

  private static ObjectNode parse(String json) {
    try {
      return (ObjectNode) Nodes.MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the sandbox stored an object that is not JSON", e);
    }
  }

  private MockResponse write(RecordedRequest request, Supplier<MockResponse> handler) {
    synchronized (writes) {
      index.begin();
      changed = false;
      changes.clear();
      stored = null;
      manager = Managers.of(request);
      subresource = "";
      applying = null;
      dryRun = request != null && DryRun.requested(request.getPath());
      MockResponse response;
      try {
        response = handler.get();
      } catch (PatchException refused) {
        rollBack();
        return Answers.status(
            refused.code(), refused.reason(), refused.getMessage(), refused.details());
      } catch (Invalid invalid) {
        rollBack();
        return new MockResponse()
            .setResponseCode(422)
            .setBody(Serialization.asJson(invalid.status()));
      } catch (RuntimeException e) {
        if (request == null) {
          log.error("The sandbox failed on {}; the write is undone", describe(request), e);
          rollBack();
          return failure("the sandbox failed on this write: " + e);
        }
        // The client's body could not be decoded, patched or admitted: its fault, as an API
        // server's decoding error is (a sandbox bug shows here too: hence the stack trace).
        log.warn("The sandbox refused {} as malformed; nothing is stored", describe(request), e);
        rollBack();
        return badRequest(e);
      }
      try {
        if (stored != null && response.code() >= 200 && response.code() < 300) {
          response.setBody(stored);
        }
        if (!changes.isEmpty()) {
          controllers.run(List.copyOf(changes), controllerWrites, this);
        }
      } catch (Invalid invalid) {
        rollBack();
        return new MockResponse()
            .setResponseCode(422)
            .setBody(Serialization.asJson(invalid.status()));
      } catch (RuntimeException e) {
        // An answer in any case: an exception left to the server would leave the client waiting.
        log.error("The sandbox failed on {}; the write is undone", describe(request), e);
        rollBack();
        return failure("the sandbox failed on this write: " + e);
      }
      if (!changed || file == null) {
        return response;
      }
      try {
        file.append(lastResourceVersion, journalLine());
      } catch (IOException | UncheckedIOException e) {
        log.error("Cannot save the sandbox's objects to {}; the write is undone", file.path(), e);
        rollBack();
        return failure("the sandbox could not save the object: " + e.getMessage());
      }
      if (file.compactionDue()) {
        compact();
      }
      return response;
    }
  }

  /**
   * What the write under way changed, by path: each object as stored now, or null when it is gone
   * (an update that changed the object's labels removed one key and added another at one path).
   */
  private Map<String, String> journalLine() {
    var changes = new LinkedHashMap<String, String>();
    index
        .touched()
        .forEach(
            (key, entry) -> {
              var path = ObjectPaths.of(key);
              if (entry != null) {
                changes.put(path, entry.json());
              } else {
                changes.putIfAbsent(path, null);
              }
            });
    return changes;
  }

  /**
   * Writes the whole state as the store's snapshot, emptying its journal; a failure is only logged:
   * the writes are in the journal, and the next write tries again.
   */
  private void compact() {
    try {
      file.save(snapshot());
    } catch (IOException | UncheckedIOException e) {
      log.warn("Cannot compact the sandbox's store {}; its journal grows", file.path(), e);
    }
  }

  /** At a clean stop: compacts the store when writes are in its journal only. */
  void stop() {
    synchronized (writes) {
      if (file != null && file.journaled()) {
        compact();
      }
    }
  }

  /** Undoes the write under way in the index and in fabric8's map (each touched key only). */
  private void rollBack() {
    synchronized (map) {
      var undone = index.undo();
      undone.keySet().forEach(map::remove);
      undone.forEach(
          (key, entry) -> {
            if (entry != null) {
              map.put(key, entry.json());
            }
          });
    }
  }

  /**
   * fabric8's {@code processEvent}, and the same change in the {@link ObjectIndex}: the object's
   * new key is the one fabric8 files it under (its metadata's attributes, with the path's when they
   * lack the plural), checked to be in fabric8's map.
   */
  private void store(
      String path,
      AttributeSet pathAttributes,
      AttributeSet oldAttributes,
      GenericKubernetesResource resource,
      String newState) {
    super.processEvent(path, pathAttributes, oldAttributes, resource, newState);
    if (newState == null) {
      index.replace(oldAttributes, null, null, null);
      return;
    }
    var parsed =
        resource != null
            ? resource
            : Serialization.unmarshal(newState, GenericKubernetesResource.class);
    var key = ((KubernetesAttributesExtractor) attributeExtractor).extract(parsed);
    if (!key.containsKey(KubernetesAttributesExtractor.PLURAL)) {
      key = AttributeSet.merge(pathAttributes, key);
    }
    if (!map.containsKey(key)) {
      throw new IllegalStateException("the sandbox's index lost step with its store at " + path);
    }
    index.replace(oldAttributes, key, newState, parsed.getKind());
  }

  private static String describe(RecordedRequest request) {
    return request == null ? "a delete" : request.getMethod() + " " + request.getPath();
  }

  private Snapshot snapshot() {
    var objects = new ArrayList<StoredObject>();
    for (var entry : index.all()) {
      objects.add(new StoredObject(ObjectPaths.of(entry.key()), entry.json()));
    }
    return new Snapshot(lastResourceVersion, objects);
  }

  /** 400 BadRequest, as an API server answers a body it cannot decode. */
  private static MockResponse badRequest(RuntimeException e) {
    var status =
        new StatusBuilder()
            .withStatus("Failure")
            .withReason("BadRequest")
            .withCode(400)
            .withMessage(
                "the request body cannot be taken as an object of its kind: " + e.getMessage())
            .build();
    return new MockResponse().setResponseCode(400).setBody(Serialization.asJson(status));
  }

  private static MockResponse failure(String message) {
    var status =
        new StatusBuilder()
            .withStatus("Failure")
            .withReason("InternalError")
            .withCode(500)
            .withMessage(message)
            .build();
    return new MockResponse().setResponseCode(500).setBody(Serialization.asJson(status));
  }
}
