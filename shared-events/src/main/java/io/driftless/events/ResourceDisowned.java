package io.driftless.events;

import java.time.Instant;

/**
 * Another app took over an object this app had applied (a deploy of that app with {@code
 * overrideOwnership=true}): the object is no longer this app's. The app's views drop it, and the
 * app's later deletes and prunes leave it alone. The ResourceChange stays, so a later apply of the
 * same object by this app (a takeover back, or a create after the other app deleted it) continues
 * its gap-free sequence.
 *
 * @param resourceId the ResourceChange aggregate id (of the app that lost the object)
 * @param appId the App aggregate id of the app that lost the object
 * @param changeId the change of the <em>new owner</em> during which the object was taken over (the
 *     app that lost it had no change of its own)
 * @param resource which object
 * @param newOwnerApp the App aggregate id of the app that owns the object now
 * @param at when
 */
public record ResourceDisowned(
    String resourceId,
    String appId,
    String changeId,
    ResourceRef resource,
    String newOwnerApp,
    Instant at)
    implements ResourceEvent {}
