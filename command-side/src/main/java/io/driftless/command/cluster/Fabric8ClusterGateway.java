package io.driftless.command.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.diff.resources.ClusterScope;
import io.driftless.diff.resources.ResourceKey;
import io.fabric8.kubernetes.api.Pluralize;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/** {@link ClusterGateway} on fabric8's generic resources, without API discovery. */
public final class Fabric8ClusterGateway implements ClusterGateway {

  private final KubernetesClient client;
  private final ObjectMapper mapper = Serialization.jsonMapper();
  private final Map<String, String> customPlurals = new ConcurrentHashMap<>();

  public Fabric8ClusterGateway(KubernetesClient client) {
    this.client = client;
  }

  @Override
  public Optional<ObjectNode> get(ResourceKey key, String apiVersion) {
    var live = call("read", key, () -> resource(key, apiVersion, null).get());
    return Optional.ofNullable(live).map(this::toNode);
  }

  @Override
  public ObjectNode create(ResourceKey key, ObjectNode object) {
    var created = call("create", key, () -> resource(key, apiVersion(object), object).create());
    return toNode(created);
  }

  @Override
  public ObjectNode update(ResourceKey key, ObjectNode object, String resourceVersion) {
    var withVersion = object.deepCopy();
    withVersion.withObject("metadata").put("resourceVersion", resourceVersion);
    var updated =
        call("update", key, () -> resource(key, apiVersion(object), withVersion).update());
    return toNode(updated);
  }

  @Override
  public boolean delete(ResourceKey key, String apiVersion) {
    var details = call("delete", key, () -> resource(key, apiVersion, null).delete());
    return details != null && !details.isEmpty();
  }

  @Override
  public void learnPlural(String group, String kind, String plural) {
    customPlurals.put(group + "/" + kind, plural);
  }

  private Resource<GenericKubernetesResource> resource(
      ResourceKey key, String apiVersion, ObjectNode object) {
    var operation = client.genericKubernetesResources(context(key, apiVersion));
    if (object != null) {
      var item = mapper.convertValue(object, GenericKubernetesResource.class);
      return key.namespace().isEmpty()
          ? operation.resource(item)
          : operation.inNamespace(key.namespace()).resource(item);
    }
    return key.namespace().isEmpty()
        ? operation.withName(key.name())
        : operation.inNamespace(key.namespace()).withName(key.name());
  }

  ResourceDefinitionContext context(ResourceKey key, String apiVersion) {
    var slash = apiVersion.indexOf('/');
    var group = slash < 0 ? "" : apiVersion.substring(0, slash);
    var version = apiVersion.substring(slash + 1);
    return new ResourceDefinitionContext.Builder()
        .withGroup(group)
        .withVersion(version)
        .withKind(key.kind())
        .withPlural(plural(group, key.kind()))
        .withNamespaced(
            !ClusterScope.isClusterScoped(apiVersion, key.kind()) && !key.namespace().isEmpty())
        .build();
  }

  private String plural(String group, String kind) {
    var custom = customPlurals.get(group + "/" + kind);
    return custom != null ? custom : Pluralize.toPlural(kind.toLowerCase(Locale.ROOT));
  }

  private ObjectNode toNode(GenericKubernetesResource resource) {
    return mapper.valueToTree(resource);
  }

  private static String apiVersion(ObjectNode object) {
    return object.path("apiVersion").asText();
  }

  private static <T> T call(String what, ResourceKey key, Supplier<T> operation) {
    try {
      return operation.get();
    } catch (KubernetesClientException e) {
      var reason = e.getStatus() != null ? e.getStatus().getMessage() : e.getMessage();
      throw new ClusterException(
          what + " " + key.id() + " failed (" + e.getCode() + "): " + reason, e.getCode(), e);
    }
  }
}
