package io.driftless.diff.config;

import java.util.List;
import java.util.Objects;

/**
 * A kapp rule that puts the app's label into a string map of the resources the matcher accepts: an
 * item of {@code labelScopingRules} (label selectors; nothing happens when the map is absent) or of
 * {@code ownershipLabelRules} (labels; the map is created when absent).
 *
 * @param path the map's path
 * @param matcher which resources the rule applies to
 * @param isDefault kapp's {@code isDefault}: a built-in scoping rule, off with {@code
 *     defaultLabelScopingRules=false}
 */
public record LabelRule(List<PathPart> path, ResourceMatcher matcher, boolean isDefault) {

  /** Copies the path and checks the matcher. */
  public LabelRule {
    path = List.copyOf(path);
    Objects.requireNonNull(matcher, "matcher");
  }
}
