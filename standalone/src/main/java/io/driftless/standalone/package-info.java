/**
 * Wiring of the embedded defaults: the command side and the query side in one JVM, in-process
 * delivery, the sandbox cluster started before the command side's client, and the H2 housekeeping
 * that {@code WRITE_DELAY=0} needs. No business logic.
 */
package io.driftless.standalone;
