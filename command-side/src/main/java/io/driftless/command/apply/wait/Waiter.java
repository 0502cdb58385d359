package io.driftless.command.apply.wait;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.driftless.command.cluster.ClusterException;
import io.driftless.command.cluster.ClusterGateway;
import io.driftless.diff.resources.ResourceKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Waits for one written object, as kapp's {@code clusterapply/waiting_changes.go}: reads it through
 * {@link ClusterGateway#get}, asks its {@link WaitRule} (or, for a delete, whether it is gone), and
 * reads again after a pause growing from 50 ms to 1 s (kapp checks every second) until it is done
 * or the timeout passed. A converged object is found by the first read, so waiting costs one read
 * when the cluster's controllers are quick (the sandbox's are instant); a kind without a rule
 * (ConfigMap, Secret, ...) is done without a read.
 *
 * <p>Progress in kapp's wording: {@code ongoing: reconcile deployment/x (apps/v1) namespace: ns}
 * with the rule's message as detail, whenever the message changes (not at every poll); {@code ok:
 * ...} or {@code fail: ...} at the end. An object that disappears while it should converge fails
 * the wait (kapp's read fails the same way).
 */
public final class Waiter {

  private final ClusterGateway cluster;

  public Waiter(ClusterGateway cluster) {
    this.cluster = cluster;
  }

  /**
   * What is waited for: the object to converge ({@code reconcile}) or to be gone ({@code delete}).
   */
  public enum Target {
    RECONCILE,
    DELETE;

    String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /**
   * Waits for the object.
   *
   * @param description kapp's description of the object, {@code deployment/x (apps/v1) namespace:
   *     ns}
   * @return the last state: done (successful or not), or not done when the timeout passed
   * @throws ClusterException when a read fails
   */
  public WaitState await(
      ResourceKey key,
      String apiVersion,
      Target target,
      String description,
      Duration timeout,
      Progress progress) {
    var deadline = System.nanoTime() + timeout.toNanos();
    var what = target.word() + " " + description;
    if (target == Target.RECONCILE && WaitRules.of(key) == WaitRule.NONE) {
      // Nothing to read for: kapp's answer for these kinds does not depend on the object.
      progress.line("ok: " + what);
      return WaitState.ok();
    }
    var pause = new PollPause();
    String reported = null;
    while (true) {
      var state = state(key, apiVersion, target);
      if (state.done()) {
        progress.line(state.word() + ": " + what, detail(state));
        return state;
      }
      if (!state.message().equals(reported)) {
        progress.line(state.word() + ": " + what, detail(state));
        reported = state.message();
      }
      if (System.nanoTime() - deadline >= 0) {
        return state;
      }
      pause.sleep();
    }
  }

  private WaitState state(ResourceKey key, String apiVersion, Target target) {
    Optional<ObjectNode> live;
    try {
      live = cluster.get(key, apiVersion);
    } catch (ClusterException e) {
      if (target == Target.DELETE && e.status() == 404) {
        return WaitState.ok(); // a custom kind whose CRD is gone: its objects went with it
      }
      throw e;
    }
    if (target == Target.DELETE) {
      return live.isEmpty() ? WaitState.ok() : deleting(live.get());
    }
    return live.isEmpty()
        ? WaitState.failed("Resource is gone")
        : WaitRules.of(key).check(live.get());
  }

  /** kapp's {@code resourcesmisc/deleting.go}: what holds a deleted object back. */
  private static WaitState deleting(ObjectNode object) {
    var finalizers = object.path("metadata").path("finalizers");
    if (finalizers.isArray() && !finalizers.isEmpty()) {
      var names = new ArrayList<String>();
      finalizers.forEach(f -> names.add(f.asText()));
      return WaitState.ongoing("Waiting on finalizers: " + String.join(", ", names));
    }
    return WaitState.ongoing("Deleting");
  }

  private static List<String> detail(WaitState state) {
    return state.message().isEmpty() ? List.of() : List.of(state.message());
  }
}
