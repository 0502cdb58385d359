package io.driftless.command.apply.wait;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.support.ReadOnlyCluster;
import io.driftless.diff.resources.ResourceKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A wave's waits read together (issue 31): one labelled LIST per (apiVersion, kind, namespace) per
 * poll, a GET only for what the lists did not hold.
 */
class WaiterPerKindTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String LABEL = "driftless.io/app";
  private static final String APP = "web.default";
  private static final Duration TIMEOUT = Duration.ofSeconds(10);

  private final Cluster cluster = new Cluster();
  private final List<String> lines = new ArrayList<>();
  private final Progress progress = (line, detail) -> lines.add(line);

  @Test
  void twentyDeploymentsInTwoNamespacesCostTwoListsPerPoll() {
    var waits = new ArrayList<Waiter.Wait>();
    for (var i = 0; i < 20; i++) {
      var key = cluster.deployment(i % 2 == 0 ? "a" : "b", "d-" + i, APP);
      waits.add(wait(key, Waiter.Target.RECONCILE, false));
    }
    cluster.convergeAfterLists = 2; // the first poll finds them all still rolling out

    var ended = new Waiter(cluster).awaitAll(waits, LABEL, APP, TIMEOUT, progress);

    assertThat(ended).allSatisfy(awaited -> assertThat(awaited.state()).isEqualTo(WaitState.ok()));
    assertThat(cluster.lists).containsExactly("a", "b", "a", "b");
    assertThat(cluster.gets).isEmpty();
    assertThat(lines)
        .hasSize(40)
        .contains("ongoing: reconcile deployment/d-3", "ok: reconcile deployment/d-3");
  }

  @Test
  void anObjectTheListsDoNotHoldIsReadByGet() {
    var owned = cluster.deployment("a", "owned", APP);
    var unlabelled = cluster.deployment("a", "unlabelled", null);

    var ended =
        new Waiter(cluster)
            .awaitAll(
                List.of(
                    wait(owned, Waiter.Target.RECONCILE, false),
                    wait(unlabelled, Waiter.Target.RECONCILE, false)),
                LABEL,
                APP,
                TIMEOUT,
                progress);

    assertThat(ended).extracting(Waiter.Awaited::state).containsOnly(WaitState.ok());
    assertThat(cluster.lists).containsExactly("a");
    assertThat(cluster.gets).containsExactly(unlabelled);
  }

  @Test
  void aDeletedLabelledObjectIsGoneOnceItsListNoLongerHoldsIt() {
    var labelledGone = new ResourceKey("apps", "Deployment", "a", "gone");
    var unlabelledGone = new ResourceKey("apps", "Deployment", "a", "other");
    var stillThere = cluster.deployment("a", "there", APP);

    var ended =
        new Waiter(cluster)
            .awaitAll(
                List.of(
                    wait(labelledGone, Waiter.Target.DELETE, true),
                    wait(unlabelledGone, Waiter.Target.DELETE, false),
                    wait(stillThere, Waiter.Target.DELETE, true)),
                LABEL,
                APP,
                Duration.ofMillis(200),
                progress);

    assertThat(ended.get(0).state()).isEqualTo(WaitState.ok());
    assertThat(ended.get(1).state()).isEqualTo(WaitState.ok());
    assertThat(ended.get(2).state()).isEqualTo(WaitState.ongoing("Deleting"));
    assertThat(cluster.gets).as("only the unlabelled one, once").containsExactly(unlabelledGone);
    assertThat(cluster.lists.size()).as("one list per poll").isGreaterThan(1);
  }

  @Test
  void aFailedReadEndsOnlyItsOwnWait() {
    var owned = cluster.deployment("a", "owned", APP);
    var refused = new ResourceKey("apps", "Deployment", "a", "refused");
    cluster.refusedGet = refused;

    var ended =
        new Waiter(cluster)
            .awaitAll(
                List.of(
                    wait(refused, Waiter.Target.RECONCILE, false),
                    wait(owned, Waiter.Target.RECONCILE, false)),
                LABEL,
                APP,
                TIMEOUT,
                progress);

    assertThat(ended.get(0).failure()).isInstanceOf(ClusterException.class);
    assertThat(ended.get(1).state()).isEqualTo(WaitState.ok());
  }

  private static Waiter.Wait wait(ResourceKey key, Waiter.Target target, boolean labelled) {
    return new Waiter.Wait(key, "apps/v1", target, "deployment/" + key.name(), labelled);
  }

  /** Deployments by key, converged after a number of LISTs; counts the requests. */
  private static final class Cluster extends ReadOnlyCluster {

    final Map<ResourceKey, String> apps = new LinkedHashMap<>();
    final List<ResourceKey> gets = new ArrayList<>();
    final List<String> lists = new ArrayList<>();
    int convergeAfterLists;
    ResourceKey refusedGet;

    ResourceKey deployment(String namespace, String name, String app) {
      var key = new ResourceKey("apps", "Deployment", namespace, name);
      apps.put(key, app);
      return key;
    }

    private ObjectNode object(ResourceKey key) {
      var converged = lists.size() > convergeAfterLists;
      var object = JSON.createObjectNode();
      var metadata =
          object
              .putObject("metadata")
              .put("name", key.name())
              .put("namespace", key.namespace())
              .put("generation", 2);
      if (apps.get(key) != null) {
        metadata.putObject("labels").put(LABEL, apps.get(key));
      }
      var status = object.putObject("status").put("observedGeneration", converged ? 2 : 1);
      status.put("replicas", 1).put("updatedReplicas", 1).put("availableReplicas", 1);
      return object;
    }

    @Override
    public Optional<ObjectNode> get(ResourceKey key, String apiVersion) {
      gets.add(key);
      if (key.equals(refusedGet)) {
        throw new ClusterException("forbidden", 403, null);
      }
      return apps.containsKey(key) ? Optional.of(object(key)) : Optional.empty();
    }

    @Override
    public Optional<List<ObjectNode>> labelledObjects(
        ResourceKey probe, String apiVersion, String label, String value) {
      lists.add(probe.namespace());
      return Optional.of(
          apps.entrySet().stream()
              .filter(e -> e.getKey().namespace().equals(probe.namespace()))
              .filter(e -> value.equals(e.getValue()))
              .map(e -> object(e.getKey()))
              .toList());
    }
  }
}
