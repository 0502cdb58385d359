package io.driftless.standalone.kappexamples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The test's own reading of an example manifest, written from kapp's rules and independent of the
 * diff engine, so that the expected op counts come from the manifest and not from the code under
 * test: documents that are empty or kapp configuration (a {@code kapp.k14s.io/v1alpha1 Config}, a
 * ConfigMap labelled {@code kapp.k14s.io/config}) are not resources; identical duplicate documents
 * count once (knative's CRDs appear twice); a resource with {@code kapp.k14s.io/exists} is an
 * {@code exists} op, every other one a {@code create} on an empty cluster.
 *
 * <p>Two different documents with the same key are refused by kapp; none of the examples has one,
 * and this reader fails on it rather than guess.
 */
final class ExampleManifest {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<ExpectedResource> resources;
  private final int documents;
  private final Set<String> withoutNamespace;

  private ExampleManifest(List<ExpectedResource> resources, int documents) {
    this.resources = List.copyOf(resources);
    this.documents = documents;
    this.withoutNamespace =
        resources.stream()
            .filter(r -> r.namespace() == null)
            .map(ExpectedResource::key)
            .collect(Collectors.toUnmodifiableSet());
  }

  static ExampleManifest parse(String yaml) {
    var options = new LoaderOptions();
    options.setCodePointLimit(64 * 1024 * 1024);
    var byKey = new LinkedHashMap<String, ExpectedResource>();
    var documents = 0;
    for (Object document : new Yaml(options).loadAll(yaml)) {
      if (document == null) {
        continue;
      }
      documents++;
      JsonNode object = JSON.valueToTree(document);
      if (isKappConfig(object)) {
        continue;
      }
      var resource = resource(object);
      var earlier = byKey.putIfAbsent(resource.key(), resource);
      if (earlier != null && !earlier.object().equals(object)) {
        throw new IllegalStateException("two different documents for " + resource);
      }
    }
    return new ExampleManifest(new ArrayList<>(byKey.values()), documents);
  }

  /** Every distinct resource, in document order. */
  List<ExpectedResource> resources() {
    return resources;
  }

  /** The non-empty documents of the body, duplicates included. */
  int documents() {
    return documents;
  }

  /** The keys of the resources the manifest gives no namespace. */
  Set<String> withoutNamespace() {
    return withoutNamespace;
  }

  /** The resources Driftless creates, labels and deletes for the app (not kapp's exists ones). */
  List<ExpectedResource> owned() {
    return resources.stream().filter(r -> !r.exists()).toList();
  }

  /** The resources with kapp's exists annotation. */
  List<ExpectedResource> existing() {
    return resources.stream().filter(ExpectedResource::exists).toList();
  }

  /** How many of the given resources there are of each kind (the overview's resourceCounts). */
  static Map<String, Long> countsByKind(List<ExpectedResource> resources) {
    var counts = new TreeMap<String, Long>();
    resources.forEach(r -> counts.merge(r.kind(), 1L, Long::sum));
    return counts;
  }

  /**
   * The custom kinds the manifest's CRDs define completely (plural and scope), by group/kind. A
   * placeholder CRD (gatekeeper's exists one) defines neither.
   */
  Map<String, CustomKind> customKinds() {
    var kinds = new LinkedHashMap<String, CustomKind>();
    for (var resource : resources) {
      CustomKind.of(resource.object()).ifPresent(k -> kinds.put(k.groupKind(), k));
    }
    return kinds;
  }

  private static boolean isKappConfig(JsonNode object) {
    var kind = object.path("kind").asText();
    var apiVersion = object.path("apiVersion").asText();
    return (apiVersion.equals("kapp.k14s.io/v1alpha1") && kind.equals("Config"))
        || (apiVersion.equals("v1")
            && kind.equals("ConfigMap")
            && object.path("metadata").path("labels").has("kapp.k14s.io/config"));
  }

  private static ExpectedResource resource(JsonNode object) {
    var metadata = object.path("metadata");
    return new ExpectedResource(
        object.path("apiVersion").asText(),
        object.path("kind").asText(),
        metadata.hasNonNull("namespace") ? metadata.get("namespace").asText() : null,
        metadata.path("name").asText(),
        metadata.path("annotations").has(ExpectedResource.EXISTS_ANNOTATION),
        object);
  }
}
