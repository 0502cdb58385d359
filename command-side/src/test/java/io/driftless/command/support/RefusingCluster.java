package io.driftless.command.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.cluster.Fabric8ClusterGateway;
import io.driftless.diff.resources.ResourceKey;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Primary;

/**
 * Plays an admission webhook that refuses to create one object, named {@link #REFUSED}, and a
 * gateway that breaks (an unexpected exception, as a bug in the apply path would throw) on the
 * create of {@link #BROKEN}; every other call goes to the sandbox. {@code @Import} it into a test
 * that needs a cluster refusal or a failure that is not one.
 */
@TestConfiguration
public class RefusingCluster {

  /** The name of the object the cluster refuses to create (403). */
  public static final String REFUSED = "refused-by-cluster";

  /** The name of the object whose create throws an unexpected exception, not a refusal. */
  public static final String BROKEN = "broken-in-gateway";

  /** The name of an object whose first create throws that exception, and later ones succeed. */
  public static final String BROKEN_ONCE = "broken-once-in-gateway";

  /** The message of that exception. */
  public static final String BROKEN_MESSAGE = "injected gateway fault: no route to the object";

  @Bean
  @Primary
  ClusterGateway refusingGateway(KubernetesClient client) {
    var real = new Fabric8ClusterGateway(client);
    var brokenOnce = ConcurrentHashMap.<ResourceKey>newKeySet();
    return new ClusterGateway() {
      @Override
      public Optional<ObjectNode> get(ResourceKey key, String apiVersion) {
        return real.get(key, apiVersion);
      }

      @Override
      public ObjectNode create(ResourceKey key, ObjectNode object) {
        if (key.name().equals(REFUSED)) {
          throw new ClusterException("create " + key.id() + " failed (403): denied", 403, null);
        }
        if (key.name().equals(BROKEN) || key.name().equals(BROKEN_ONCE) && brokenOnce.add(key)) {
          throw new IllegalStateException(BROKEN_MESSAGE);
        }
        return real.create(key, object);
      }

      @Override
      public ObjectNode update(ResourceKey key, ObjectNode object, String resourceVersion) {
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
