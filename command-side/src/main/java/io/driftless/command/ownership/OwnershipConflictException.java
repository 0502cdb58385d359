package io.driftless.command.ownership;

import java.util.List;

/** A deploy touches objects labelled for another app (409 to the client, nothing written). */
public final class OwnershipConflictException extends RuntimeException {

  private final List<String> details;

  OwnershipConflictException(List<String> details) {
    super(
        "Ownership errors: "
            + details.size()
            + (details.size() == 1 ? " resource is" : " resources are")
            + " already associated with a different app; deploy with overrideOwnership=true to"
            + " take them over");
    this.details = List.copyOf(details);
  }

  /** One line per object, in kapp's words. */
  public List<String> details() {
    return details;
  }
}
