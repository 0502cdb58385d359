/**
 * The write model. It must not know the query side: the two meet only in {@code
 * io.driftless.events}.
 */
package io.driftless.command;
