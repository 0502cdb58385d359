package io.driftless.events;

/**
 * How many resources of a change get each of kapp's operations.
 *
 * @param create objects that did not exist
 * @param delete objects that left the manifest
 * @param update objects whose content differs
 * @param noop objects already as desired
 * @param exists objects only waited for (kapp's {@code exists} strategy)
 */
public record OpCounts(int create, int delete, int update, int noop, int exists) {

  /** No operation at all. */
  public static OpCounts none() {
    return new OpCounts(0, 0, 0, 0, 0);
  }
}
