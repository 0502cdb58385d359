/**
 * The ResourceChange aggregate: one per object of an app. It remembers the last-applied object (the
 * "original" of a three-way merge) and the live resourceVersion and generation seen right after
 * Driftless's last apply, so the planner can tell whether anybody else changed the object.
 */
package io.driftless.command.resource;
