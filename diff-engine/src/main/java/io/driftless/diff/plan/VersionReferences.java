package io.driftless.diff.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.KappAnnotations;
import io.driftless.diff.resources.Resource;
import io.driftless.diff.resources.ResourceKey;
import io.driftless.diff.resources.YamlTrees;
import java.util.List;
import java.util.Map;

/**
 * Rewrites references to versioned resources, after kapp's template rules: in pod specs (a Pod's
 * {@code spec}, the {@code spec.template.spec} of Deployments, StatefulSets, DaemonSets, Jobs and
 * the like, a CronJob's {@code spec.jobTemplate.spec.template.spec}) the ConfigMaps and Secrets of
 * env {@code valueFrom}, {@code envFrom}, volumes (also projected) and {@code imagePullSecrets}; a
 * ServiceAccount's {@code secrets} and {@code imagePullSecrets}; and the {@code name} in a {@code
 * kapp.k14s.io/versioned-explicit-ref} annotation (also with a {@code .<suffix>}), whose value is
 * {@code apiVersion}, {@code kind}, {@code name} and optionally {@code namespace}. References are
 * looked up in the referring resource's namespace.
 *
 * <p>Public for the command side, which rewrites the other way round: a desired set rebuilt from
 * last-applied objects (a reconcile) refers to versions ({@code conf-ver-1}), and is turned back
 * into the manifest's form ({@code conf}) before it is planned, so that every reference follows the
 * version the plan picks.
 */
public final class VersionReferences {

  private static final List<List<String>> POD_SPECS =
      List.of(
          List.of("spec", "template", "spec"),
          List.of("spec", "jobTemplate", "spec", "template", "spec"));
  private static final List<String> CONTAINER_LISTS =
      List.of("containers", "initContainers", "ephemeralContainers");

  private final Map<ResourceKey, String> renamed;

  /**
   * A rewriter.
   *
   * @param renamed the name to write for a reference, by the key it names now
   */
  public VersionReferences(Map<ResourceKey, String> renamed) {
    this.renamed = Map.copyOf(renamed);
  }

  /** The resource with its references rewritten (a copy), or the resource itself when none is. */
  public Resource rewrite(Resource resource) {
    if (renamed.isEmpty()) {
      return resource; // nothing to rewrite to: no copy (an app without versioned resources)
    }
    ObjectNode copy = resource.object().deepCopy();
    String namespace = resource.key().namespace();
    if (resource.key().group().isEmpty() && "Pod".equals(resource.kind())) {
      podSpec(copy.path("spec"), namespace);
    } else if (resource.key().group().isEmpty() && "ServiceAccount".equals(resource.kind())) {
      names(copy.path("secrets"), "name", "Secret", namespace);
      names(copy.path("imagePullSecrets"), "name", "Secret", namespace);
    } else {
      POD_SPECS.forEach(path -> podSpec(at(copy, path), namespace));
    }
    explicitRefs(copy, namespace);
    return copy.equals(resource.object())
        ? resource
        : new Resource(resource.key(), resource.apiVersion(), copy);
  }

  private void podSpec(JsonNode spec, String namespace) {
    if (!spec.isObject()) {
      return;
    }
    for (String list : CONTAINER_LISTS) {
      for (JsonNode container : spec.path(list)) {
        for (JsonNode env : container.path("env")) {
          name(env.path("valueFrom").path("configMapKeyRef"), "name", "ConfigMap", namespace);
          name(env.path("valueFrom").path("secretKeyRef"), "name", "Secret", namespace);
        }
        for (JsonNode from : container.path("envFrom")) {
          name(from.path("configMapRef"), "name", "ConfigMap", namespace);
          name(from.path("secretRef"), "name", "Secret", namespace);
        }
      }
    }
    for (JsonNode volume : spec.path("volumes")) {
      name(volume.path("configMap"), "name", "ConfigMap", namespace);
      name(volume.path("secret"), "secretName", "Secret", namespace);
      for (JsonNode source : volume.path("projected").path("sources")) {
        name(source.path("configMap"), "name", "ConfigMap", namespace);
        name(source.path("secret"), "name", "Secret", namespace);
      }
    }
    names(spec.path("imagePullSecrets"), "name", "Secret", namespace);
  }

  private void names(JsonNode list, String field, String kind, String namespace) {
    list.forEach(item -> name(item, field, kind, namespace));
  }

  private void name(JsonNode holder, String field, String kind, String namespace) {
    if (holder instanceof ObjectNode object && object.path(field).isTextual()) {
      var key = new ResourceKey("", kind, namespace, object.get(field).textValue());
      String target = renamed.get(key);
      if (target != null) {
        object.put(field, target);
      }
    }
  }

  private void explicitRefs(ObjectNode object, String namespace) {
    if (!(object.path("metadata").path("annotations") instanceof ObjectNode annotations)) {
      return;
    }
    for (String name : List.copyOf(fieldNames(annotations))) {
      if (name.equals(KappAnnotations.VERSIONED_EXPLICIT_REF)
          || name.startsWith(KappAnnotations.VERSIONED_EXPLICIT_REF + ".")) {
        String rewritten = explicitRef(annotations.path(name).asText(""), namespace);
        if (rewritten != null) {
          annotations.put(name, rewritten);
        }
      }
    }
  }

  private String explicitRef(String text, String namespace) {
    ObjectNode ref;
    try {
      ref = YamlTrees.readObject(text);
    } catch (RuntimeException notYaml) {
      return null;
    }
    String refNamespace = ref.path("namespace").asText(namespace);
    var key =
        new ResourceKey(
            ResourceKey.groupOf(ref.path("apiVersion").asText("")),
            ref.path("kind").asText("?"),
            refNamespace,
            ref.path("name").asText("?"));
    String target = renamed.get(key);
    if (target == null) {
      return null;
    }
    var out = new StringBuilder();
    out.append("apiVersion: ").append(ref.path("apiVersion").asText()).append('\n');
    out.append("kind: ").append(key.kind()).append('\n');
    out.append("name: ").append(target).append('\n');
    if (ref.has("namespace")) {
      out.append("namespace: ").append(refNamespace).append('\n');
    }
    return out.toString();
  }

  private static List<String> fieldNames(ObjectNode node) {
    return node.properties().stream().map(Map.Entry::getKey).toList();
  }

  private static JsonNode at(JsonNode node, List<String> path) {
    JsonNode current = node;
    for (String step : path) {
      current = current.path(step);
    }
    return current;
  }
}
