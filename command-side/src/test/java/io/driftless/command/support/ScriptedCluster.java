package io.driftless.command.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.cluster.Fabric8ClusterGateway;
import io.driftless.diff.resources.ResourceKey;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * The sandbox, with scripted interference by object name: something else happens in the cluster
 * just before Driftless's create or update of an object (another writer creates it first, or bumps
 * its resourceVersion), or the cluster refuses an update with a given status (e.g. 422 for a change
 * of an immutable field, which the sandbox does not check yet). Each script runs once. {@code
 * Import} it and autowire it.
 */
@TestConfiguration
public class ScriptedCluster {

  private final Map<String, Runnable> beforeCreate = new ConcurrentHashMap<>();
  private final Map<String, Runnable> beforeUpdate = new ConcurrentHashMap<>();
  private final Map<String, Integer> refuseUpdate = new ConcurrentHashMap<>();

  /** Runs {@code action} once, just before Driftless creates the object {@code name}. */
  public void beforeCreate(String name, Runnable action) {
    beforeCreate.put(name, action);
  }

  /** Runs {@code action} once, just before Driftless updates the object {@code name}. */
  public void beforeUpdate(String name, Runnable action) {
    beforeUpdate.put(name, action);
  }

  /** Refuses the next update of the object {@code name} with {@code status}. */
  public void refuseUpdate(String name, int status) {
    refuseUpdate.put(name, status);
  }

  @Bean
  @Primary
  ClusterGateway scriptedGateway(KubernetesClient client) {
    var real = new Fabric8ClusterGateway(client);
    return new ClusterGateway() {
      @Override
      public Optional<ObjectNode> get(ResourceKey key, String apiVersion) {
        return real.get(key, apiVersion);
      }

      @Override
      public ObjectNode create(ResourceKey key, ObjectNode object) {
        Optional.ofNullable(beforeCreate.remove(key.name())).ifPresent(Runnable::run);
        return real.create(key, object);
      }

      @Override
      public ObjectNode update(ResourceKey key, ObjectNode object, String resourceVersion) {
        var status = refuseUpdate.remove(key.name());
        if (status != null) {
          throw new ClusterException(
              "update " + key.id() + " failed (" + status + "): field is immutable", status, null);
        }
        Optional.ofNullable(beforeUpdate.remove(key.name())).ifPresent(Runnable::run);
        return real.update(key, object, resourceVersion);
      }

      @Override
      public ObjectNode apply(ResourceKey key, ObjectNode object, boolean force) {
        return real.apply(key, object, force);
      }

      @Override
      public boolean delete(ResourceKey key, String apiVersion) {
        return real.delete(key, apiVersion);
      }

      @Override
      public void learnCustomKind(String group, String kind, String plural, Boolean namespaced) {
        real.learnCustomKind(group, kind, plural, namespaced);
      }
    };
  }
}
