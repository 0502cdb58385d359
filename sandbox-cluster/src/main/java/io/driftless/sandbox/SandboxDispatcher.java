package io.driftless.sandbox;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.crud.AttributeSet;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * fabric8's CRUD dispatcher with its objects kept in an {@link ObjectFile}. Every write request
 * (POST, PUT, PATCH, DELETE) runs under one monitor; when it changed an object, the whole state is
 * saved before the answer leaves, and a state that cannot be saved is rolled back and answered with
 * 500, as an API server answers when etcd refuses a write. Reads run concurrently under the
 * parent's read lock.
 *
 * <p>This subclass is where the API server's behaviour beyond CRUD goes (defaulting and validation
 * before a write reaches {@code super}, simulated controllers reacting to {@link #processEvent}).
 *
 * <p>Limits: a rolled-back write may already have been sent to watchers, and a rolled-back CRD may
 * stay known to the dispatcher until the next restart.
 */
class SandboxDispatcher extends KubernetesCrudDispatcher {

  private static final Logger log = LoggerFactory.getLogger(SandboxDispatcher.class);

  private final ObjectFile file;
  private final Object writes = new Object();
  private volatile long lastResourceVersion;
  private boolean changed;
  private String created;

  /** A dispatcher saving to {@code file}, or keeping objects in memory only when it is null. */
  SandboxDispatcher(ObjectFile file) {
    super(List.of());
    this.file = file;
  }

  /** Loads the saved objects; returns how many. */
  int restore() throws IOException {
    if (file == null) {
      return 0;
    }
    var snapshot = file.load();
    synchronized (writes) {
      for (var object : snapshot.objects()) {
        processEvent(object.path(), getKey(object.path()), null, null, object.json());
      }
      while (lastResourceVersion < snapshot.resourceVersion()) {
        requestResourceVersion();
      }
    }
    return snapshot.objects().size();
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    var response = super.dispatch(request);
    if (log.isDebugEnabled()) {
      log.debug(
          "{} {} -> {}",
          request.getMethod(),
          request.getPath(),
          response == null ? "-" : response.code());
    }
    return response;
  }

  @Override
  public MockResponse handleCreate(RecordedRequest request) {
    return write(
        () -> {
          created = null;
          var response = super.handleCreate(request);
          // The answer must carry the uid the object was stored with (see processEvent).
          return created == null ? response : response.setBody(created);
        });
  }

  @Override
  public MockResponse handleUpdate(RecordedRequest request) {
    return write(() -> super.handleUpdate(request));
  }

  @Override
  public MockResponse handlePatch(RecordedRequest request) {
    return write(() -> super.handlePatch(request));
  }

  @Override
  public MockResponse handleDelete(String path) {
    return write(() -> super.handleDelete(path));
  }

  @Override
  public void reset() {
    var response =
        write(
            () -> {
              super.reset();
              changed = true;
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
    if (oldAttributes == null && resource != null && newState != null) {
      // A create. fabric8's mock numbers uids from 1 in each JVM, so a restarted sandbox would
      // hand out the uids of its restored objects again; an API server's uids are random UUIDs.
      resource.getMetadata().setUid(UUID.randomUUID().toString());
      created = Serialization.asJson(resource);
      super.processEvent(path, pathAttributes, null, resource, created);
    } else {
      super.processEvent(path, pathAttributes, oldAttributes, resource, newState);
    }
    changed = true;
  }

  private MockResponse write(Supplier<MockResponse> request) {
    synchronized (writes) {
      var before = copy();
      changed = false;
      var response = request.get();
      if (!changed || file == null) {
        return response;
      }
      try {
        file.save(snapshot());
        return response;
      } catch (IOException | UncheckedIOException e) {
        log.error("Cannot save the sandbox's objects to {}; the write is undone", file.path(), e);
        synchronized (map) {
          map.clear();
          map.putAll(before);
        }
        return storeFailed(e);
      }
    }
  }

  private Map<AttributeSet, String> copy() {
    synchronized (map) {
      return new LinkedHashMap<>(map);
    }
  }

  private Snapshot snapshot() {
    var objects = new ArrayList<StoredObject>();
    for (var entry : copy().entrySet()) {
      objects.add(new StoredObject(ObjectPaths.of(entry.getKey()), entry.getValue()));
    }
    return new Snapshot(lastResourceVersion, objects);
  }

  private static MockResponse storeFailed(Exception cause) {
    var status =
        new StatusBuilder()
            .withStatus("Failure")
            .withReason("InternalError")
            .withCode(500)
            .withMessage("the sandbox could not save the object: " + cause.getMessage())
            .build();
    return new MockResponse().setResponseCode(500).setBody(Serialization.asJson(status));
  }
}
