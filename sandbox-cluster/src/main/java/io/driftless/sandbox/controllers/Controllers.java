package io.driftless.sandbox.controllers;

import io.driftless.sandbox.objects.ObjectStore;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The sandbox's simulated controllers, run right after each write that changed objects, under the
 * same lock, until they have nothing left to write. A real cluster's controllers run a moment after
 * the write; here the client's answer is the object as it stored it, and the next read sees the
 * controllers' writes (status, a new resourceVersion), with no window in which a test must wait.
 *
 * <p>Which run is switchable ({@link #enable}, {@link #disable}); the sidecar injector is an
 * admission step and only asked whether it is on ({@link #enabled}).
 */
public final class Controllers {

  /** A bound on rounds of controllers reacting to each other's writes. */
  private static final int MAX_ROUNDS = 10;

  private final Set<Controller> enabled;
  private volatile OptionalInt autoscaleTo = OptionalInt.empty();
  private final AutoscalerController autoscaler = new AutoscalerController(() -> autoscaleTo);

  public Controllers(Set<Controller> enabled) {
    this.enabled = EnumSet.noneOf(Controller.class);
    this.enabled.addAll(enabled);
  }

  public synchronized boolean enabled(Controller controller) {
    return enabled.contains(controller);
  }

  public synchronized void enable(Controller controller) {
    enabled.add(controller);
  }

  public synchronized void disable(Controller controller) {
    enabled.remove(controller);
  }

  /** Makes the autoscaler scale to {@code replicas} instead of minReplicas (empty: back to it). */
  public void autoscaleTo(OptionalInt replicas) {
    autoscaleTo = replicas;
  }

  /**
   * Lets the controllers react to {@code changes}; {@code writes} collects the changes their own
   * writes make, which the next round reacts to.
   */
  public void run(List<Change> changes, List<Change> writes, ObjectStore store) {
    var pending = new ArrayList<>(changes);
    for (int round = 0; round < MAX_ROUNDS && !pending.isEmpty(); round++) {
      writes.clear();
      for (var change : pending) {
        reconcile(change, store);
      }
      pending = new ArrayList<>(writes);
    }
  }

  private void reconcile(Change change, ObjectStore store) {
    if (enabled(Controller.AUTOSCALER)) {
      autoscaler.reconcile(change, store);
    }
    if (enabled(Controller.WORKLOAD_STATUS)) {
      WorkloadStatusController.reconcile(change, store);
    }
    if (enabled(Controller.JOB_COMPLETION)) {
      JobController.reconcile(change, store);
    }
    if (enabled(Controller.CRD_ESTABLISHING)) {
      CrdController.reconcile(change, store);
    }
    if (enabled(Controller.LOAD_BALANCER)) {
      LoadBalancerController.reconcile(change, store);
    }
  }
}
