package io.driftless.command.resource;

/** A delete was recorded for an object Driftless never applied. */
public final class ResourceNotAppliedException extends RuntimeException {

  ResourceNotAppliedException(String resourceId) {
    super("resource " + resourceId + " was never applied, or is already deleted");
  }
}
