package io.driftless.command.resource;

/**
 * How often in a row the ResourceChange's updates put one field back from the same live value to
 * the same desired value (values as canonical JSON text, Secret values as their fingerprints).
 *
 * @param live the value found in the cluster
 * @param desired the value written
 * @param flips how many updates in a row after the first found it at {@code live} again
 */
record FlipCount(String live, String desired, int flips) {}
