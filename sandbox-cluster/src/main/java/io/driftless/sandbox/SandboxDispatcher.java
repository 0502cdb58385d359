package io.driftless.sandbox;

import static io.driftless.sandbox.InternalRequests.objectPath;
import static io.driftless.sandbox.InternalRequests.parse;
import static io.driftless.sandbox.InternalRequests.put;
import static io.driftless.sandbox.InternalRequests.query;
import static io.driftless.sandbox.InternalRequests.request;
import static io.driftless.sandbox.InternalRequests.sameContent;

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
import io.driftless.sandbox.server.Admission;
import io.driftless.sandbox.server.Admission.Operation;
import io.driftless.sandbox.validation.Invalid;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.server.mock.KubernetesAttributesExtractor;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.server.mock.crud.KubernetesCrudDispatcherException;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * fabric8's CRUD dispatcher playing an API server, its objects kept in an {@link ObjectFile}. Every
 * write request runs under one monitor ({@link WriteUnderWay} is what it knows of the write); a
 * write that changed objects is saved to the store's journal ({@link Journal}) before the answer
 * leaves, and one that cannot be saved is rolled back (the keys it touched get back what they held)
 * and answered 500, as when etcd refuses a write. Reads by name and lists of one kind come from an
 * {@link ObjectIndex} kept in step with the parent's map; watches stay the parent's.
 *
 * <p>Every object a request stores passes {@link #processEvent}: {@link Admission} defaults,
 * mutates and validates it (a refused object stores nothing: 422), the server metadata is set (uid,
 * generation, managedFields), and a write that changed nothing keeps the stored object and its
 * resourceVersion. PATCH, server-side apply, scale and delete are {@link WriteHandlers}'. Then the
 * simulated {@link Controllers} react to the request's changes, writing through the same handlers
 * before the state is saved. Limits: a rolled-back write may already have reached watchers, and a
 * rolled-back CRD may stay known to the dispatcher until the next restart.
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
  private final Journal journal;
  private final Object writes = new Object();
  private final WriteRequests writeRequests = new WriteRequests();
  private final RequestCounts requestCounts = new RequestCounts();
  private volatile long lastResourceVersion;
  private boolean restoring;
  private final List<Change> controllerWrites = new ArrayList<>();
  private final WriteUnderWay underWay = new WriteUnderWay();
  private final WriteHandlers handlers;

  /**
   * A dispatcher saving to {@code file}, or keeping objects in memory only when it is null, running
   * {@code controllers}, answering only the requests {@code gate} lets pass.
   */
  SandboxDispatcher(ObjectFile file, RequestGate gate, Controllers controllers) {
    super(List.of());
    this.file = file;
    this.journal = new Journal(file, index);
    this.handlers =
        new WriteHandlers(
            underWay,
            new WriteHandlers.Store(
                this::find,
                this::write,
                super::handleUpdate,
                super::handleCreate,
                super::handleDelete));
    this.gate = gate;
    this.controllers = controllers;
    this.admission = new Admission(this, () -> controllers.enabled(Controller.SIDECAR_INJECTOR));
    Supplier<List<? extends JsonNode>> crds = () -> CrdVersions.allAsV1(list(ObjectType.CRD));
    this.discovery = new Discovery(crds);
    this.tables = new Tables(java.time.Clock.systemUTC(), crds);
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
    return requestCounts.arrived();
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
    var snapshot = journal.load();
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
    requestCounts.arrival();
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
      response = handlers.scale(request, scaled);
    } else if (request.method() == HttpMethod.DELETE && !Answers.collection(request.getPath())) {
      // DeleteOptions may ask for a dry run in the body (kubectl delete --dry-run=server)
      response = handlers.delete(request.getPath(), DryRun.requested(request));
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
    return write(request, () -> handlers.patch(request));
  }

  @Override
  public MockResponse handleDelete(String path) {
    return handlers.delete(path, DryRun.requested(path));
  }

  /**
   * A read; CRDs are read at both versions ({@link CrdVersions}), and the kinds of {@link
   * SiblingVersions} at each of theirs.
   */
  @Override
  public MockResponse handleGet(String path) {
    var response = read(path);
    var crd = CrdVersions.of(path);
    if (crd.isPresent()) {
      return CrdVersions.merged(crd.get(), response, read(crd.get().otherPath()));
    }
    var siblings = SiblingVersions.of(path);
    if (siblings.isPresent()) {
      var others = siblings.get().otherPaths().stream().map(this::read).toList();
      return SiblingVersions.merged(siblings.get(), response, others);
    }
    return response;
  }

  /**
   * A read answered from the {@link ObjectIndex} as fabric8 answers it (one object, 404, or a
   * {@code List} with the counter's resourceVersion, written in an API server's order: {@link
   * ObjectIndex#listAnswer}); watches (their close off the event loop: {@link WatchCloses}), and
   * paths fabric8 answers without its objects, go to fabric8.
   */
  private MockResponse read(String path) {
    var query = path.indexOf('?');
    if (query >= 0 && path.indexOf("watch=true", query) >= 0) { // as fabric8 tells a watch
      var watch = super.handleGet(path);
      var listener = watch.getWebSocketListener();
      return listener == null
          ? watch
          : watch.withWebSocketUpgrade(WatchCloses.offTheEventLoop(listener));
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
    var list = ObjectIndex.listAnswer(items, String.valueOf(lastResourceVersion));
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
              underWay.changed();
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
      underWay.changed();
      return;
    }
    var before = oldAttributes == null ? null : parse(map.get(oldAttributes));
    var next = parse(newState);
    if (before == null) {
      // fabric8's mock numbers uids from 1 in each JVM, so a restarted sandbox would hand out the
      // uids of its restored objects again; an API server's uids are random UUIDs.
      Nodes.object(next, "metadata").put("uid", UUID.randomUUID().toString());
    }
    var operation = underWay.operation(path, before);
    admission.admit(operation, before, next);
    if (before != null && sameContent(before, next)) {
      // Nothing changed once defaulted: the API server does not write, the version stays.
      underWay.remember(map.get(oldAttributes));
      return;
    }
    underWay.stamp(next, before, operation);
    if (underWay.dryRun()) {
      underWay.rememberUnstored(next, before);
      return;
    }
    var json = Serialization.asJson(next);
    store(path, pathAttributes, oldAttributes, KeyFields.of(next), json);
    underWay.remember(json);
    var name = Nodes.text(next, "metadata", "name");
    underWay.changed(new Change(before, new ApiObject(objectPath(path, name), next.deepCopy())));
  }

  /**
   * The stored object as fabric8's handlers read it before a write: kinds without a generation get
   * 0 for fabric8 to copy ({@link Admission} drops it again), as they lack one on an API server.
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
    underWay.throughScale(() -> internalWrite(path, object, writer, Operation.UPDATE));
  }

  /**
   * A controller's write, through the parent's PUT handler (so under its lock, watched and
   * versioned like a client's) as {@code writer}; its status writes keep spec and generation.
   */
  private void internalWrite(String path, ObjectNode object, String writer, Operation operation) {
    var body = object.deepCopy();
    Nodes.object(body, "metadata").remove("resourceVersion");
    var request = put(path, body);
    underWay.asController(writer, operation, controllerWrites, () -> super.handleUpdate(request));
  }

  private MockResponse write(RecordedRequest request, Supplier<MockResponse> handler) {
    synchronized (writes) {
      index.begin();
      underWay.begin(request);
      MockResponse response;
      try {
        response = handler.get();
      } catch (PatchException refused) {
        rollBack();
        return Answers.status(
            refused.code(), refused.reason(), refused.getMessage(), refused.details());
      } catch (Invalid invalid) {
        rollBack();
        return Answers.invalid(invalid);
      } catch (RuntimeException e) {
        if (request == null) {
          log.error(
              "The sandbox failed on {}; the write is undone",
              InternalRequests.describe(request),
              e);
          rollBack();
          return Answers.failure("the sandbox failed on this write: " + e);
        }
        // The client's body could not be decoded, patched or admitted: its fault, as an API
        // server's decoding error is (a sandbox bug shows here too: hence the stack trace).
        log.warn(
            "The sandbox refused {} as malformed; nothing is stored",
            InternalRequests.describe(request),
            e);
        rollBack();
        return Answers.badRequest(e);
      }
      try {
        if (underWay.stored() != null && response.code() >= 200 && response.code() < 300) {
          response.setBody(underWay.stored());
        }
        var changes = underWay.changes();
        if (!changes.isEmpty()) {
          controllers.run(changes, controllerWrites, this);
        }
      } catch (Invalid invalid) {
        rollBack();
        return Answers.invalid(invalid);
      } catch (RuntimeException e) {
        // An answer in any case: an exception left to the server would leave the client waiting.
        log.error(
            "The sandbox failed on {}; the write is undone", InternalRequests.describe(request), e);
        rollBack();
        return Answers.failure("the sandbox failed on this write: " + e);
      }
      if (!underWay.hasChanged() || file == null) {
        return response;
      }
      try {
        journal.append(lastResourceVersion);
      } catch (IOException | UncheckedIOException e) {
        log.error("Cannot save the sandbox's objects to {}; the write is undone", file.path(), e);
        rollBack();
        return Answers.failure("the sandbox could not save the object: " + e.getMessage());
      }
      return response;
    }
  }

  /** At a clean stop: compacts the store when writes are in its journal only. */
  void stop() {
    synchronized (writes) {
      journal.stop(lastResourceVersion);
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
    // fabric8 parses the new state to file it when it is given no resource: parsed once, here
    var parsed =
        resource != null || newState == null
            ? resource
            : Serialization.unmarshal(newState, GenericKubernetesResource.class);
    super.processEvent(path, pathAttributes, oldAttributes, parsed, newState);
    if (newState == null) {
      index.replace(oldAttributes, null, null, null);
      return;
    }
    var key = ((KubernetesAttributesExtractor) attributeExtractor).extract(parsed);
    if (!key.containsKey(KubernetesAttributesExtractor.PLURAL)) {
      key = AttributeSet.merge(pathAttributes, key);
    }
    if (!map.containsKey(key)) {
      throw new IllegalStateException("the sandbox's index lost step with its store at " + path);
    }
    index.replace(oldAttributes, key, newState, parsed.getKind());
  }
}
