package io.driftless.events;

import java.time.Instant;

/**
 * Under the app's {@code yield} ghost-diff policy Driftless stops writing a field the cluster keeps
 * setting back: from this event on, reconciles and deploys keep the live value of {@code path} (as
 * a kapp rebase rule copying it from the existing object would), and the history shows the
 * decision.
 *
 * @param resourceId the ResourceChange aggregate id
 * @param appId the App aggregate id
 * @param changeId the change in which Driftless yielded
 * @param resource which object
 * @param path the field's path in the diff-cases syntax, e.g. {@code spec.replicas}
 * @param live the value the cluster keeps (a Secret's value only as its keyed fingerprint)
 * @param at when
 */
public record GhostDiffYielded(
    String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    String path,
    Object live,
    Instant at)
    implements ResourceEvent {}
