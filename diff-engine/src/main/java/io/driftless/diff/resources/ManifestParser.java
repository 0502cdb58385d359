package io.driftless.diff.resources;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ManifestException.Reason;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

/**
 * Turns a deploy body into a {@link Manifest}, or refuses it with a {@link ManifestException} that
 * names every problem.
 *
 * <p>Steps, each refusing the body before the next runs:
 *
 * <ol>
 *   <li>Guard: a YAML line longer than {@link ManifestLimits#maxObjectBytes()} is {@link
 *       Reason#OBJECT_TOO_LARGE} before SnakeYAML reads it (see {@link LongLines}); so is a YAML
 *       document whose size as JSON, bounded from below from the parser's events, passes that limit
 *       (see {@link ObjectSizeBound}).
 *   <li>Read: YAML documents (see {@link YamlTrees} for the loader settings) or the items of a JSON
 *       body's {@code resources} array. Empty and null documents are skipped; List documents
 *       contribute their items. Not YAML/JSON, a document that is no map, maps and lists nested
 *       deeper than {@link ManifestLimits#maxNestingDepth()}, or a JSON body without a {@code
 *       resources} array: {@link Reason#UNPARSABLE}.
 *   <li>Split off kapp Config documents ({@code kapp.k14s.io/v1alpha1}, {@code Config}); read the
 *       Config inside each ConfigMap labelled {@code kapp.k14s.io/config} (the ConfigMap stays a
 *       resource, as in kapp).
 *   <li>Count: more resources than {@link ManifestLimits#maxResources()}: {@link
 *       Reason#TOO_MANY_RESOURCES}.
 *   <li>Check every resource and collect all problems: apiVersion, kind and metadata.name missing
 *       or blank, a name invalid for its kind (DNS-1123 subdomain by default; DNS-1123 label for
 *       Namespace and Service; a path segment for RBAC roles and bindings), a metadata.namespace
 *       that is not a DNS-1123 label, two documents with the same {@link ResourceKey} and different
 *       content (identical ones count once, as in kapp's {@code UniqueResources}), a core Secret
 *       whose {@code data} values are not base64 or whose {@code stringData} values are not
 *       strings, a kapp strategy annotation kapp does not know or a {@code kapp.k14s.io/nonce} with
 *       a value ({@link KappAnnotations#problems}), a ConfigMap labelled {@code
 *       kapp.k14s.io/config} that holds no valid kapp Config ({@link ConfigMapConfigs}): {@link
 *       Reason#INVALID}.
 *   <li>Measure: a resource larger than {@link ManifestLimits#maxObjectBytes()} as compact JSON
 *       (what a Kubernetes API server accepts): {@link Reason#OBJECT_TOO_LARGE}.
 * </ol>
 *
 * <p>An empty result (no documents, only {@code ---} or comments, only kapp Configs) is a valid
 * manifest: deciding whether an empty set may be deployed is the caller's business.
 *
 * <p>Namespaced resources without a namespace get {@code defaultNamespace} written into their
 * object; cluster-scoped ones ({@link ClusterScope}, including kinds a CRD of the same body
 * declares with {@code scope: Cluster}) lose any namespace, unchecked, as an API server drops it.
 * The parser does not know the cluster: an unknown kind is accepted here and refused, if at all,
 * when applied.
 *
 * <p>Instances are immutable and thread-safe.
 */
public final class ManifestParser {

  private final ManifestLimits limits;
  private final ManifestDocuments documents;

  /** A parser enforcing the given limits. */
  public ManifestParser(ManifestLimits limits) {
    this.limits = Objects.requireNonNull(limits, "limits");
    this.documents = new ManifestDocuments(limits);
  }

  /** Parses a YAML body with the default limits. */
  public static Manifest parseYaml(String body, String defaultNamespace) {
    return new ManifestParser(ManifestLimits.defaults())
        .parse(body, ManifestFormat.YAML, defaultNamespace);
  }

  /**
   * Parses a body.
   *
   * @param body the YAML or JSON text
   * @param format how the body is written
   * @param defaultNamespace the namespace for namespaced resources that name none; may be null,
   *     then such resources are invalid
   * @throws ManifestException when the body is refused
   * @throws IllegalArgumentException when defaultNamespace is not a DNS-1123 label
   */
  public Manifest parse(String body, ManifestFormat format, String defaultNamespace) {
    Objects.requireNonNull(body, "body");
    Objects.requireNonNull(format, "format");
    if (defaultNamespace != null && !KubernetesNames.isLabel(defaultNamespace)) {
      throw new IllegalArgumentException("Not a valid namespace: " + defaultNamespace);
    }
    if (format == ManifestFormat.YAML) {
      LongLines.check(
          body,
          limits.maxObjectBytes(),
          rest -> parse(rest, ManifestFormat.YAML, defaultNamespace));
      ObjectSizeBound.check(body, limits, defaultNamespace);
    }
    var configs = new ArrayList<ObjectNode>();
    var candidates = new ArrayList<SourceDocument>();
    var problems = new ArrayList<String>();
    var configMaps = new HashSet<ObjectNode>();
    for (SourceDocument document : documents.read(body, format)) {
      if (document.isKappConfig()) {
        configs.add(document.object());
        continue;
      }
      if (ConfigMapConfigs.labelled(document) && configMaps.add(document.object().deepCopy())) {
        ConfigMapConfigs.read(document, problems).ifPresent(configs::add);
      }
      candidates.add(document);
    }
    checkCount(candidates.size());
    List<Resource> resources = resources(candidates, defaultNamespace, problems);
    ObjectSizes.check(resources, limits.maxObjectBytes());
    return new Manifest(resources, configs);
  }

  private void checkCount(int count) {
    if (count > limits.maxResources()) {
      throw new ManifestException(
          Reason.TOO_MANY_RESOURCES,
          "The manifest holds "
              + count
              + " resources, more than the limit of "
              + limits.maxResources()
              + ".",
          List.of("resources: " + count + ", limit: " + limits.maxResources()));
    }
  }

  private static List<Resource> resources(
      List<SourceDocument> documents, String defaultNamespace, List<String> problems) {
    var scope = ClusterScope.declaredBy(documents.stream().map(SourceDocument::object).toList());
    var builder = new ResourceBuilder(scope, defaultNamespace);
    var first = new LinkedHashMap<ResourceKey, Resource>();
    var labels = new LinkedHashMap<ResourceKey, List<String>>();
    var conflicting = new HashSet<ResourceKey>();
    for (SourceDocument document : documents) {
      builder
          .build(document, problems)
          .ifPresent(
              resource -> {
                Resource earlier = first.putIfAbsent(resource.key(), resource);
                if (earlier != null && !earlier.object().equals(resource.object())) {
                  conflicting.add(resource.key());
                }
                labels
                    .computeIfAbsent(resource.key(), k -> new ArrayList<>())
                    .add(document.label());
              });
    }
    problems.addAll(DuplicateKeys.describe(labels, conflicting));
    var resources = new ArrayList<>(first.values());
    if (!problems.isEmpty()) {
      throw new ManifestException(
          Reason.INVALID,
          "The manifest has "
              + problems.size()
              + (problems.size() == 1 ? " problem." : " problems."),
          problems);
    }
    return resources;
  }
}
