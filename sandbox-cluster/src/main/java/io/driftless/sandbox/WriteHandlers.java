package io.driftless.sandbox;

import static io.driftless.sandbox.InternalRequests.parse;
import static io.driftless.sandbox.InternalRequests.put;
import static io.driftless.sandbox.InternalRequests.query;
import static io.driftless.sandbox.InternalRequests.request;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.driftless.sandbox.objects.ObjectType;
import io.driftless.sandbox.patch.PatchSchema;
import io.driftless.sandbox.patch.Patches;
import io.driftless.sandbox.server.ServerSideApply;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.net.URI;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The writes {@link SandboxDispatcher} handles as an API server's handlers do before fabric8's
 * store them: a PATCH by its type (JSON, merge, strategic merge) and a server-side apply, each
 * stored as a PUT or POST of the whole object; the scale subresource; a delete's answer and dry
 * run. Each runs inside the dispatcher's write ({@link Store#write}), so it is admitted, versioned,
 * saved and watched as one.
 */
final class WriteHandlers {

  /**
   * The dispatcher's side: find a stored object, run a write, and fabric8's own update, create and
   * delete handlers.
   */
  record Store(
      Function<String, ObjectNode> find,
      BiFunction<RecordedRequest, Supplier<MockResponse>, MockResponse> writer,
      Function<RecordedRequest, MockResponse> updater,
      Function<RecordedRequest, MockResponse> creator,
      Function<String, MockResponse> deleter) {

    ObjectNode find(String path) {
      return find.apply(path);
    }

    MockResponse write(RecordedRequest request, Supplier<MockResponse> handler) {
      return writer.apply(request, handler);
    }

    MockResponse update(RecordedRequest request) {
      return updater.apply(request);
    }

    MockResponse create(RecordedRequest request) {
      return creator.apply(request);
    }

    MockResponse delete(String path) {
      return deleter.apply(path);
    }
  }

  private final WriteUnderWay underWay;
  private final Store store;

  WriteHandlers(WriteUnderWay underWay, Store store) {
    this.underWay = underWay;
    this.store = store;
  }

  /**
   * GET, PUT or PATCH of a scale subresource: read from, or written as an update of, the object's
   * spec.replicas; a PATCH is applied to the Scale ({@link Patches}), as the API server does.
   */
  MockResponse scale(RecordedRequest request, String path) {
    if (request.getMethod().equals("GET")) {
      var object = store.find(path);
      return object == null
          ? Answers.notFound(path)
          : new MockResponse().setResponseCode(200).setBody(Scales.of(object).toString());
    }
    return store.write(
        request,
        () -> {
          var object = store.find(path);
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
          underWay.scale();
          store.update(put(path + query(request.getPath()), object));
          var answer = underWay.stored() == null ? object : parse(underWay.stored());
          underWay.forgetStored(); // the answer is the Scale, not the object
          return new MockResponse().setResponseCode(200).setBody(Scales.of(answer).toString());
        });
  }

  /**
   * A PATCH: the body applied to the stored object by its type ({@link Patches}), then stored as a
   * PUT of the result (so admitted, versioned and watched as one); answered 200 with the object. A
   * patch that names a resourceVersion is a precondition (409 when stale), as on an API server.
   */
  MockResponse patch(RecordedRequest request) {
    var path = request.getPath();
    var clean = URI.create(path).getPath();
    var status = clean.endsWith("/status");
    var objectPath = status ? clean.substring(0, clean.length() - "/status".length()) : clean;
    var object = store.find(objectPath);
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
    var response = store.update(put(path, patched));
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
    var merged = ServerSideApply.merge(object, config, underWay.manager(), force);
    underWay.applying(ServerSideApply.applied(config));
    var query = query(request.getPath());
    if (object == null) {
      Nodes.object(merged, "metadata").remove("resourceVersion");
      var collection = objectPath.substring(0, objectPath.lastIndexOf('/'));
      return store.create(request(HttpMethod.POST, collection + query, merged));
    }
    Nodes.object(merged, "metadata")
        .set("resourceVersion", object.path("metadata").get("resourceVersion"));
    return store.update(put(objectPath + query, merged));
  }

  /**
   * A delete, answered as the API server answers it ({@link Answers#deleted}); a dry run finds the
   * object and deletes nothing.
   */
  MockResponse delete(String path, boolean dry) {
    if (Answers.collection(path)) {
      return store.write(null, () -> store.delete(path)); // deletecollection, as fabric8 does it
    }
    var crd = CrdVersions.of(path).filter(CrdVersions.Request::named);
    return store.write(
        null,
        () -> {
          underWay.dryRun(dry);
          var target = path;
          if (crd.isPresent()
              && store.find(path) == null
              && store.find(crd.get().otherPath()) != null) {
            target = crd.get().otherPath(); // a CRD stored at the other version
          }
          var object = store.find(URI.create(target).getPath());
          if (object == null) {
            return Answers.notFound(target);
          }
          if (underWay.dryRun()) {
            return Answers.deleted(target, object);
          }
          var response = store.delete(target);
          if (response.code() != 200) {
            return response;
          }
          var left = store.find(URI.create(target).getPath());
          return left != null
              ? new MockResponse().setResponseCode(200).setBody(left.toString())
              : Answers.deleted(target, object);
        });
  }
}
