package io.driftless.sandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.sandbox.objects.Nodes;
import io.fabric8.mockwebserver.http.MockResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Built-in kinds an API server serves at more than one version of their group with the same fields,
 * whichever version an object was written at: {@code autoscaling/v2} and {@code v2beta2}
 * HorizontalPodAutoscalers (knative ships both), {@code batch/v1} and {@code v1beta1} CronJobs,
 * {@code policy/v1} and {@code v1beta1} PodDisruptionBudgets. fabric8's CRUD mock files an object
 * under the version of the path it was written to, so a read at one version missed the objects
 * written at the other; {@code kubectl get hpa} (at {@code v2}) did not list a {@code v2beta2} one,
 * and a client listing a kind once per namespace, as kapp does, missed it too. A read of one object
 * or of a list (not a watch) at any of these versions also finds the objects stored at the others,
 * with the version read at as their {@code apiVersion}: the fields are the same, as the API
 * server's conversion between them leaves them.
 *
 * <p>Limits, as for {@link CrdVersions}: a watch sees only the objects written at its version, and
 * an update or delete must use the version the object was created with (the others answer 404).
 * {@code autoscaling/v1}, whose fields differ ({@code targetCPUUtilizationPercentage}), stays
 * apart.
 */
final class SiblingVersions {

  /** Per group and plural, the versions that serve the same objects. */
  private static final Map<String, List<String>> SIBLINGS =
      Map.of(
          "autoscaling/horizontalpodautoscalers", List.of("v2", "v2beta2"),
          "batch/cronjobs", List.of("v1", "v1beta1"),
          "policy/poddisruptionbudgets", List.of("v1", "v1beta1"));

  private static final Pattern PATH =
      Pattern.compile("^/apis/([^/]+)/([^/]+)/(namespaces/[^/]+/)?([^/?]+)(/[^/?]+)?(\\?.*)?$");

  /**
   * A read at {@code version}; the same request's path at each other version, in {@code
   * otherPaths}.
   */
  record Request(String group, String version, boolean named, List<String> otherPaths) {}

  private SiblingVersions() {}

  /** The request of {@code path} if it reads a kind served at sibling versions; else empty. */
  static Optional<Request> of(String path) {
    var matcher = PATH.matcher(path);
    if (!matcher.matches()) {
      return Optional.empty();
    }
    var query = matcher.group(6);
    if (query != null && query.contains("watch=true")) {
      return Optional.empty();
    }
    var group = matcher.group(1);
    var version = matcher.group(2);
    var versions = SIBLINGS.get(group + "/" + matcher.group(4));
    if (versions == null || !versions.contains(version)) {
      return Optional.empty();
    }
    var rest = path.substring(matcher.end(2));
    var others = new ArrayList<String>();
    for (var other : versions) {
      if (!other.equals(version)) {
        others.add("/apis/" + group + "/" + other + rest);
      }
    }
    return Optional.of(new Request(group, version, matcher.group(5) != null, others));
  }

  /**
   * The answer to a read at the request's version: {@code own}, the store's answer at that version,
   * with what {@code others}, its answers at the other versions, add (an object stored at two
   * versions under one name counts once, as its own version holds it).
   */
  static MockResponse merged(Request request, MockResponse own, List<MockResponse> others) {
    var found = others.stream().filter(other -> other.code() == 200).toList();
    if (found.isEmpty()) {
      return own;
    }
    if (request.named()) {
      if (own.code() == 200) {
        return own;
      }
      var object = at(parse(found.get(0)), request);
      return new MockResponse().setResponseCode(200).setBody(object.toString());
    }
    if (own.code() != 200) {
      return own;
    }
    var added = new ArrayList<ObjectNode>();
    for (var other : found) {
      parse(other).path("items").forEach(item -> added.add((ObjectNode) item));
    }
    if (added.isEmpty()) {
      return own; // nothing stored at another version: the list as it is, not parsed again
    }
    var list = parse(own);
    var items = list.withArray("items");
    var names = new HashSet<String>();
    items.forEach(item -> names.add(name(item)));
    for (var item : added) {
      if (names.add(name(item))) {
        items.add(at(item, request));
      }
    }
    return new MockResponse().setResponseCode(200).setBody(list.toString());
  }

  private static String name(com.fasterxml.jackson.databind.JsonNode item) {
    var metadata = item.path("metadata");
    return metadata.path("namespace").asText("") + "/" + metadata.path("name").asText();
  }

  /** {@code object} as read at the request's version. */
  private static ObjectNode at(ObjectNode object, Request request) {
    var copy = object.deepCopy();
    copy.put("apiVersion", request.group() + "/" + request.version());
    return copy;
  }

  private static ObjectNode parse(MockResponse response) {
    var json = new String(response.getBody().getBytes(), StandardCharsets.UTF_8);
    try {
      return (ObjectNode) Nodes.MAPPER.readTree(json);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("the sandbox answered a read with no JSON", e);
    }
  }
}
