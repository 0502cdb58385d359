package io.driftless.command.resource;

/** A delete or a takeover was recorded for an object the app does not hold. */
public final class ResourceNotAppliedException extends RuntimeException {

  ResourceNotAppliedException(String resourceId) {
    super("resource " + resourceId + " was never applied, or is already deleted or taken over");
  }
}
