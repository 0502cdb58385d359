package io.driftless.command.apply.wait;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.command.support.ReadOnlyCluster;
import io.driftless.diff.resources.ResourceKey;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The polling around the rules: lines in kapp's wording, once per new message, the timeout. */
class WaiterTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ResourceKey DEPLOYMENT = new ResourceKey("apps", "Deployment", "ns", "web");
  private static final String WHAT = "deployment/web (apps/v1) namespace: ns";

  private final List<String> lines = new ArrayList<>();
  private final Progress progress =
      (line, detail) -> lines.add(line + (detail.isEmpty() ? "" : " | " + detail.get(0)));

  @Test
  void reportsOngoingOncePerMessageThenOk() {
    var reads = reads(deployment(2, 1), deployment(2, 1), deployment(2, 2));
    var state =
        new Waiter(cluster(reads))
            .await(
                DEPLOYMENT,
                "apps/v1",
                Waiter.Target.RECONCILE,
                WHAT,
                Duration.ofSeconds(5),
                progress);

    assertThat(state).isEqualTo(WaitState.ok());
    assertThat(reads).isEmpty();
    assertThat(lines)
        .containsExactly(
            "ongoing: reconcile " + WHAT + " | Waiting for generation 2 to be observed",
            "ok: reconcile " + WHAT);
  }

  @Test
  void givesUpAfterTheTimeoutWithTheLastState() {
    var stuck = deployment(3, 1);
    var waiter = new Waiter(cluster(() -> Optional.of(stuck)));
    var started = System.nanoTime();

    var state =
        waiter.await(
            DEPLOYMENT, "apps/v1", Waiter.Target.RECONCILE, WHAT, Duration.ofMillis(300), progress);

    assertThat(state.done()).isFalse();
    assertThat(state.message()).isEqualTo("Waiting for generation 3 to be observed");
    assertThat(System.nanoTime() - started).isGreaterThanOrEqualTo(300_000_000L);
    assertThat(lines).hasSize(1);
  }

  @Test
  void aDeleteWaitsUntilTheObjectIsGone() {
    var held = deployment(1, 1);
    held.withObject("metadata").putArray("finalizers").add("example.com/hold");
    var reads = reads(held, null);

    var state =
        new Waiter(cluster(reads))
            .await(
                DEPLOYMENT, "apps/v1", Waiter.Target.DELETE, WHAT, Duration.ofSeconds(5), progress);

    assertThat(state).isEqualTo(WaitState.ok());
    assertThat(lines)
        .containsExactly(
            "ongoing: delete " + WHAT + " | Waiting on finalizers: example.com/hold",
            "ok: delete " + WHAT);
  }

  @Test
  void anObjectGoneWhileItShouldConvergeFails() {
    var state =
        new Waiter(cluster(Optional::empty))
            .await(
                DEPLOYMENT,
                "apps/v1",
                Waiter.Target.RECONCILE,
                WHAT,
                Duration.ofSeconds(5),
                progress);
    assertThat(state).isEqualTo(WaitState.failed("Resource is gone"));
    assertThat(lines).containsExactly("fail: reconcile " + WHAT + " | Resource is gone");
  }

  @Test
  void aKindWithoutARuleIsDoneWithoutARead() {
    var configMap = new ResourceKey("", "ConfigMap", "ns", "c");
    var state =
        new Waiter(
                cluster(
                    () -> {
                      throw new AssertionError("read");
                    }))
            .await(
                configMap,
                "v1",
                Waiter.Target.RECONCILE,
                "configmap/c",
                Duration.ofSeconds(1),
                progress);
    assertThat(state).isEqualTo(WaitState.ok());
    assertThat(lines).containsExactly("ok: reconcile configmap/c");
  }

  private static ObjectNode deployment(long generation, long observed) {
    var object = JSON.createObjectNode();
    object.putObject("metadata").put("generation", generation);
    object.putObject("status").put("observedGeneration", observed);
    return object;
  }

  private static Deque<Optional<ObjectNode>> reads(ObjectNode... objects) {
    var reads = new ArrayDeque<Optional<ObjectNode>>();
    for (var object : objects) {
      reads.add(Optional.ofNullable(object));
    }
    return reads;
  }

  private static ClusterGateway cluster(Deque<Optional<ObjectNode>> reads) {
    return cluster(reads::removeFirst);
  }

  private static ClusterGateway cluster(Supplier<Optional<ObjectNode>> read) {
    return new ReadOnlyCluster() {
      @Override
      public Optional<ObjectNode> get(ResourceKey key, String apiVersion) {
        return read.get();
      }
    };
  }
}
