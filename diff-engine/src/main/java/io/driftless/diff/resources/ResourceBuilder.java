package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Optional;

/**
 * Checks one object against Kubernetes' rules and turns it into a {@link Resource}: apiVersion,
 * kind and metadata.name present, the name valid for its kind, metadata.namespace a DNS-1123 label,
 * the namespace defaulted or removed according to the kind's scope, a Secret's data base64 ({@link
 * SecretFields}), ConfigMap and Secret data keys ({@link DataKeys}). Problems are added to a list
 * so the parser reports all of them at once.
 */
final class ResourceBuilder {

  private final ClusterScope scope;
  private final String defaultNamespace;

  ResourceBuilder(ClusterScope scope, String defaultNamespace) {
    this.scope = scope;
    this.defaultNamespace = defaultNamespace;
  }

  /** The resource, or empty after adding this document's problems to {@code problems}. */
  Optional<Resource> build(SourceDocument document, List<String> problems) {
    int before = problems.size();
    ObjectNode object = document.object();
    String apiVersion = required(object, "apiVersion", document, problems);
    String kind = required(object, "kind", document, problems);
    JsonNode metadata = object.get("metadata");
    if (metadata != null && !metadata.isObject()) {
      problems.add(document.label() + ": metadata is not a map");
      return Optional.empty();
    }
    String name = required(object.path("metadata"), "metadata.name", document, problems);
    if (problems.size() > before) {
      return Optional.empty();
    }
    // apiVersion, kind and a CRD's group and plural become parts of the cluster request's path.
    ResourceTypes.problems(apiVersion, kind)
        .forEach(p -> problems.add(document.label() + ": " + p));
    ResourceTypes.crdProblems(object).forEach(p -> problems.add(document.label() + ": " + p));
    if (problems.size() > before) {
      return Optional.empty();
    }
    GroupKind type = GroupKind.of(apiVersion, kind);
    checkName(type, name, document, problems);
    boolean clusterScoped = scope.covers(apiVersion, kind);
    String namespace = namespace((ObjectNode) metadata, clusterScoped, document, problems);
    if (problems.size() > before) {
      return Optional.empty();
    }
    placeNamespace((ObjectNode) metadata, clusterScoped, namespace);
    Resource resource = Resource.of(object);
    KappAnnotations.problems(resource).forEach(p -> problems.add(document.label() + ": " + p));
    if (DataKeys.applies(type)) {
      DataKeys.problems(type, object)
          .forEach(
              p -> problems.add(document.label() + ": " + resource.key().describe() + ": " + p));
    }
    if (SecretFields.isSecret(type)) {
      SecretFields.problems(object)
          .forEach(
              p -> problems.add(document.label() + ": " + resource.key().describe() + ": " + p));
    }
    return problems.size() > before ? Optional.empty() : Optional.of(resource);
  }

  private static String required(
      JsonNode parent, String path, SourceDocument document, List<String> problems) {
    JsonNode value = parent.get(path.substring(path.lastIndexOf('.') + 1));
    if (value != null && !value.isNull() && !value.isTextual()) {
      problems.add(document.label() + ": " + path + " must be a string");
      return "";
    }
    if (value == null || value.isNull() || value.textValue().isBlank()) {
      problems.add(document.label() + ": " + path + " is missing");
      return "";
    }
    return value.textValue();
  }

  private static void checkName(
      GroupKind type, String name, SourceDocument document, List<String> problems) {
    KubernetesNames.brokenNameRule(type, name)
        .ifPresent(
            rule ->
                problems.add(
                    document.label()
                        + ": metadata.name "
                        + quote(name)
                        + " is not a valid "
                        + type.kind()
                        + " name; it must be "
                        + rule));
  }

  /**
   * The namespace to write, {@code ""} for cluster-scoped kinds. Like the API server, which clears
   * the namespace of a cluster-scoped object before validating it, a cluster-scoped object's
   * namespace is dropped unchecked (it must still be a string, as JSON decoding requires).
   */
  private String namespace(
      ObjectNode metadata, boolean clusterScoped, SourceDocument document, List<String> problems) {
    JsonNode written = metadata.get("namespace");
    boolean absent =
        written == null
            || written.isNull()
            || (written.isTextual() && written.textValue().isEmpty());
    if (!absent && !written.isTextual()) {
      problems.add(document.label() + ": metadata.namespace must be a string");
      return "";
    }
    if (clusterScoped) {
      return "";
    }
    if (!absent && !KubernetesNames.isLabel(written.textValue())) {
      problems.add(
          document.label()
              + ": metadata.namespace "
              + quote(written.textValue())
              + " is not a valid namespace name; it must be "
              + KubernetesNames.LABEL_RULE);
      return "";
    }
    if (absent && defaultNamespace == null) {
      problems.add(
          document.label() + ": metadata.namespace is missing and no default namespace is set");
    }
    return absent ? defaultNamespace : written.textValue();
  }

  private static void placeNamespace(ObjectNode metadata, boolean clusterScoped, String namespace) {
    if (clusterScoped) {
      metadata.remove("namespace");
    } else {
      metadata.put("namespace", namespace);
    }
  }

  /** Quotes a name for a message, cut short so a huge value cannot flood the response. */
  private static String quote(String value) {
    int max = 80;
    return "\"" + (value.length() > max ? value.substring(0, max) + "..." : value) + "\"";
  }
}
