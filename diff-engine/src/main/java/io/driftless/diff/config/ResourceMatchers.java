package io.driftless.diff.config;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses kapp's resource matchers: {@code allMatcher}, {@code anyMatcher}, {@code andMatcher},
 * {@code notMatcher}, {@code apiGroupKindMatcher}, {@code apiVersionKindMatcher}, {@code
 * kindNamespaceNameMatcher}, {@code hasAnnotationMatcher}, {@code hasNamespaceMatcher}, {@code
 * customResourceMatcher} and {@code emptyFieldMatcher}. A list of matchers matches when any of them
 * does, as in kapp. Empty fields of kindNamespaceNameMatcher must match empty values (kapp compares
 * all three); {@code hasNamespaceMatcher} without names matches any namespaced object.
 */
final class ResourceMatchers {

  private ResourceMatchers() {}

  /** A list of matchers (any may match); an absent list matches nothing. */
  static ResourceMatcher anyOf(JsonNode list, String where) {
    if (list == null || list.isMissingNode() || list.isNull()) {
      return subject -> false;
    }
    if (!list.isArray()) {
      throw KappConfig.invalid(where + ": resourceMatchers is a list");
    }
    var matchers = new ArrayList<ResourceMatcher>();
    list.forEach(node -> matchers.add(parse(node, where)));
    return subject -> matchers.stream().anyMatch(m -> m.matches(subject));
  }

  static ResourceMatcher parse(JsonNode node, String where) {
    if (!node.isObject() || node.size() != 1) {
      throw KappConfig.invalid(where + ": a resource matcher is a map with one matcher");
    }
    String name = node.fieldNames().next();
    JsonNode spec = node.get(name);
    return switch (name) {
      case "allMatcher", "allResourceMatcher" -> subject -> true;
      case "anyMatcher" -> anyOf(spec.path("matchers"), where);
      case "andMatcher" -> allOf(spec.path("matchers"), where);
      case "notMatcher" -> not(parse(spec.path("matcher"), where));
      case "apiGroupKindMatcher" -> apiGroupKind(spec);
      case "apiVersionKindMatcher" -> apiVersionKind(spec);
      case "kindNamespaceNameMatcher" -> kindNamespaceName(spec);
      case "hasAnnotationMatcher" -> hasAnnotation(strings(spec.path("keys")));
      case "hasNamespaceMatcher" -> hasNamespace(strings(spec.path("names")));
      case "customResourceMatcher" -> MatchSubject::customResource;
      case "emptyFieldMatcher" -> emptyField(PathPart.parsePath(spec.path("path"), where));
      default -> throw KappConfig.invalid(where + ": unknown resource matcher " + name);
    };
  }

  private static ResourceMatcher allOf(JsonNode list, String where) {
    var matchers = new ArrayList<ResourceMatcher>();
    list.forEach(node -> matchers.add(parse(node, where)));
    return subject -> matchers.stream().allMatch(m -> m.matches(subject));
  }

  private static ResourceMatcher not(ResourceMatcher matcher) {
    return subject -> !matcher.matches(subject);
  }

  private static ResourceMatcher apiGroupKind(JsonNode spec) {
    String group = spec.path("apiGroup").asText("");
    String kind = spec.path("kind").asText("");
    return s -> s.group().equals(group) && s.kind().equals(kind);
  }

  private static ResourceMatcher apiVersionKind(JsonNode spec) {
    String apiVersion = spec.path("apiVersion").asText("");
    String kind = spec.path("kind").asText("");
    return s -> s.apiVersion().equals(apiVersion) && s.kind().equals(kind);
  }

  private static ResourceMatcher kindNamespaceName(JsonNode spec) {
    String kind = spec.path("kind").asText("");
    String namespace = spec.path("namespace").asText("");
    String name = spec.path("name").asText("");
    return s -> s.kind().equals(kind) && s.namespace().equals(namespace) && s.name().equals(name);
  }

  private static ResourceMatcher hasAnnotation(List<String> keys) {
    return s -> keys.stream().allMatch(key -> s.annotations().has(key));
  }

  private static ResourceMatcher hasNamespace(List<String> names) {
    return s -> !s.namespace().isEmpty() && (names.isEmpty() || names.contains(s.namespace()));
  }

  private static ResourceMatcher emptyField(List<PathPart> path) {
    return s -> {
      JsonNode node = s.object();
      for (PathPart part : path) {
        node =
            part.key() != null
                ? node.path(part.key())
                : node.path(part.index() == null ? 0 : part.index());
      }
      return node.isMissingNode() || node.isNull() || (node.isContainerNode() && node.isEmpty());
    };
  }

  private static List<String> strings(JsonNode list) {
    var values = new ArrayList<String>();
    list.forEach(value -> values.add(value.asText()));
    return values;
  }
}
