package io.driftless.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * A ghost diff: Driftless put a field back to its desired value and the cluster set it back to the
 * same other value before the next reconcile, at least twice in a row (an HPA moving {@code
 * spec.replicas}, a controller rewriting an annotation). Emitted by the ResourceChange in the
 * reconcile change that saw the second flip, and again (with a higher {@code flips}) when the fight
 * goes on under the {@code report} policy.
 *
 * @param resourceId the ResourceChange aggregate id
 * @param appId the App aggregate id
 * @param changeId the reconcile change that saw the flip
 * @param resource which object
 * @param path the field's path in the diff-cases syntax, e.g. {@code spec.replicas}
 * @param desired the value Driftless writes (a Secret's value only as its keyed fingerprint)
 * @param live the value the cluster keeps setting (same masking)
 * @param flips how many times in a row the cluster set it back
 * @param suggestedRebaseRule a kapp Config ({@code apiVersion: kapp.k14s.io/v1alpha1, kind:
 *     Config}) as YAML, with one rebase rule that keeps the cluster's value
 * @param policy the app's ghost-diff policy when detected: {@code report} or {@code yield}
 * @param at when
 * @param changedBy the field manager that set the cluster's value, as the live object's {@code
 *     managedFields} say ({@code kube-controller-manager} for an HPA's scale, {@code
 *     kubectl-edit}); null when the cluster keeps no record of it (and in events older than the
 *     field). Left out of the JSON when null.
 */
public record GhostDiffDetected(
    String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    String path,
    Object desired,
    Object live,
    int flips,
    String suggestedRebaseRule,
    String policy,
    Instant at,
    @JsonInclude(JsonInclude.Include.NON_NULL) String changedBy)
    implements ResourceEvent {

  /** A ghost diff whose author the cluster does not say. */
  public GhostDiffDetected(
      String resourceId,
      String appId,
      String changeId,
      ResourceRef resource,
      String path,
      Object desired,
      Object live,
      int flips,
      String suggestedRebaseRule,
      String policy,
      Instant at) {
    this(
        resourceId,
        appId,
        changeId,
        resource,
        path,
        desired,
        live,
        flips,
        suggestedRebaseRule,
        policy,
        at,
        null);
  }
}
