/**
 * The resource timeline: per object, every op of its life (create, update, delete, failed applies,
 * takeovers) with its field diffs, change id and trigger, newest first. The first view that exists
 * only through a rebuild: it starts not built and a rebuild folds the stored history into it.
 */
package io.driftless.query.timeline;
