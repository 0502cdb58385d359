/**
 * The read model: the views, how events reach them, their rebuilds and the query API. It must not
 * know the command side: the two meet only in {@code io.driftless.events} (and, read-only, in the
 * command side's event store: {@code eventstore}). The packages and the rules between them are in
 * the query side's README, "Packages".
 */
package io.driftless.query;
