package io.driftless.sandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.dsl.HttpMethod;
import io.fabric8.mockwebserver.http.Buffer;
import io.fabric8.mockwebserver.http.Headers;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The requests {@link SandboxDispatcher} builds for fabric8's handlers (a PATCH, a scale, a server
 * side apply and a controller's write are each stored as a PUT or POST of the whole object), and
 * the small reads of paths and stored JSON its handlers share.
 */
final class InternalRequests {

  private InternalRequests() {}

  /** A PUT of {@code object} to {@code path}. */
  static RecordedRequest put(String path, ObjectNode object) {
    return request(HttpMethod.PUT, path, object);
  }

  /** A request with {@code object} as its JSON body. */
  static RecordedRequest request(HttpMethod method, String path, ObjectNode object) {
    var headers = new Headers.Builder().add("Content-Type", "application/json").build();
    return new RecordedRequest(
        "HTTP/1.1",
        method,
        path,
        headers,
        new Buffer(Serialization.asJson(object).getBytes(StandardCharsets.UTF_8)));
  }

  /** The query of {@code path} with its {@code ?}, or empty. */
  static String query(String path) {
    var index = path.indexOf('?');
    return index < 0 ? "" : path.substring(index);
  }

  /** The object's own path from a request's: a create names the collection. */
  static String objectPath(String path, String name) {
    var query = path.indexOf('?');
    var clean = query < 0 ? path : path.substring(0, query);
    if (clean.endsWith("/status")) {
      return clean.substring(0, clean.length() - "/status".length());
    }
    return clean.endsWith("/" + name) ? clean : clean + "/" + name;
  }

  /** A stored object's JSON. */
  static ObjectNode parse(String json) {
    try {
      return (ObjectNode) Nodes.MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the sandbox stored an object that is not JSON", e);
    }
  }

  /** Whether two objects differ only in resourceVersion and managedFields. */
  static boolean sameContent(ObjectNode before, ObjectNode next) {
    var a = before.deepCopy();
    var b = next.deepCopy();
    for (var object : List.of(a, b)) {
      var metadata = Nodes.object(object, "metadata");
      metadata.remove("resourceVersion");
      metadata.remove("managedFields");
    }
    return Nodes.same(a, b);
  }

  /** A write request as the log names it. */
  static String describe(RecordedRequest request) {
    return request == null ? "a delete" : request.getMethod() + " " + request.getPath();
  }
}
