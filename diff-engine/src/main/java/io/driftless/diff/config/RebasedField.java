package io.driftless.diff.config;

import java.util.List;

/**
 * A place of the desired object a rebase rule changed.
 *
 * @param location the concrete location: map keys as {@link String}, list indexes as {@link
 *     Integer}
 * @param rule the rule's name
 */
public record RebasedField(List<Object> location, String rule) {

  /** Copies the location. */
  public RebasedField {
    location = List.copyOf(location);
  }
}
